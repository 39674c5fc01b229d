// Generated from openapi.yaml by scripts/generate-client-types.mjs: do not edit.
export interface paths {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness probe
         * @description Answers 200 while the process is up. Checks no dependency. Like every operation it takes
         *     no query parameter it does not list: `/healthz?x=1` is a 400.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Readiness probe
         * @description Answers 200 when Neo4j (and, in queue mode, Redis) answers, 503 otherwise.
         *     `checks` tells which dependency is down.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics of this API process
         * @description This API process's metrics in Prometheus's text exposition format: HTTP requests by
         *     operation, status and duration; sync jobs by status; objects uploaded; finalize phases;
         *     queue depths; rule evaluations; outbound deliveries; Neo4j statements by name; and Node's
         *     process metrics (docs/operations/metrics.md). Labels never carry account ids.
         *
         *     Open like the probes unless the service sets `METRICS_TOKEN`: then the scrape must send
         *     `Authorization: Bearer <METRICS_TOKEN>`, or is answered 401. Workers serve the same at
         *     `/metrics` on their own listener (`WORKER_METRICS_PORT`).
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.yaml": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This contract, as YAML
         * @description The bytes of the openapi.yaml that the service loaded at start: the contract it routes and
         *     validates by, for client generators and linters. `Cache-Control: no-cache` with a strong
         *     `ETag`: a client revalidates with `If-None-Match` and gets a 304 while it is current.
         */
        get: operations["getOpenapiYaml"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * This contract, as JSON
         * @description The same document as `GET /openapi.yaml`, converted to JSON once at start (for tools that
         *     read only JSON). Cached like it.
         */
        get: operations["getOpenapiJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The API documentation, as a web page
         * @description This contract rendered for people by Swagger UI (the swagger-ui-dist package): every
         *     operation, expanded, with its parameters, its example request bodies and its example
         *     responses. The page and everything it loads come from this service
         *     (`/docs/assets/{asset}`, `/openapi.json`); it makes no other request. Calling operations
         *     from the page ("Try it out") is off.
         */
        get: operations["getApiDocs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs/assets/{asset}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A script or style sheet of the API documentation page
         * @description The files that `GET /docs` loads: `swagger-ui-bundle.js` and `swagger-ui.css` from the
         *     swagger-ui-dist package as it ships them, and `docs.js`, which starts Swagger UI on
         *     `/openapi.json`. Any other name is a 404. Cached like the page.
         */
        get: operations["getApiDocsAsset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's account
         * @description Returns the account the API key belongs to, and that key's id, name and roles: a cheap way
         *     to check credentials, and to learn what the key may do (the web console shows and enables
         *     only that).
         */
        get: operations["getCurrentAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/notification-emails": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set where failure notifications go
         * @description Replaces the account's `notificationEmails`: the addresses an evaluation that FAILED of a
         *     rule with `notifyOnFailure` is emailed to (through SMTP_URL). Repeats are dropped; an
         *     empty list turns the notices off.
         */
        put: operations["setAccountNotificationEmails"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/notification-digest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's alert digest settings
         * @description Whether the account gets a digest email of its alerts (`OFF`, `DAILY` or `WEEKLY`), the
         *     addresses it goes to, and the newest digest run: the period it covered and how it ended
         *     (`SENT`, `EMPTY` when there was nothing to list and nothing was sent, `NOT_SENT` without a
         *     mail server or recipients, `FAILED`, or `SENDING`).
         */
        get: operations["getAccountNotificationDigest"];
        /**
         * Opt in to (or out of) the alert digest
         * @description `DAILY`: one email per UTC day; `WEEKLY`: one per week, Monday to Monday UTC; `OFF`: none.
         *     Each digest covers the last completed period: the alerts opened in it, those still open at
         *     its end and those dismissed in it, by level and rule. It goes to `recipients`, or, when
         *     that is empty or absent, to the account's `notificationEmails`, through SMTP_URL. A period
         *     with nothing to list sends nothing. Repeated addresses are dropped; a bad one is a 400.
         */
        put: operations["setAccountNotificationDigest"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/keys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's API keys
         * @description The caller's account's keys, newest first, revoked ones included, each with its `roles`;
         *     secrets are never listed. As the admin API's `adminListApiKeys`, for a key with role `admin`.
         */
        get: operations["listAccountApiKeys"];
        put?: never;
        /**
         * Create an API key for the account
         * @description A new key of the caller's account with the `roles` given (required here, so that a key
         *     made for one client gets only what that client needs). The response is the only time the
         *     key's `secret` is shown; only its hash is stored. Unknown roles are a 400.
         */
        post: operations["createAccountApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The key's `id` (not its secret). */
                keyId: components["parameters"]["KeyId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke one of the account's API keys
         * @description The key stops working at once (the caller's own key too). Revoking a revoked key changes
         *     nothing; another account's key is 404.
         */
        delete: operations["revokeAccountApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List accounts */
        get: operations["adminListAccounts"];
        put?: never;
        /** Create an account */
        post: operations["adminCreateAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/accounts/{accountId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An account id. */
                accountId: components["parameters"]["AccountId"];
            };
            cookie?: never;
        };
        /** Get an account */
        get: operations["adminGetAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set an account's feature flags or notification emails
         * @description Replaces the account's features (e.g. `["PUT"]` enables the PUT sync mode) and/or its
         *     `notificationEmails`; an omitted one is kept.
         */
        patch: operations["adminUpdateAccount"];
        trace?: never;
    };
    "/admin/accounts/{accountId}/keys": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An account id. */
                accountId: components["parameters"]["AccountId"];
            };
            cookie?: never;
        };
        /**
         * List an account's API keys
         * @description Newest first, revoked ones included; secrets are never listed.
         */
        get: operations["adminListApiKeys"];
        put?: never;
        /**
         * Create an API key
         * @description The response is the only time the key's `secret` is shown; only its hash is stored. `roles`
         *     (optional) says what the key may do in its account (docs/security.md, "Roles"); without it
         *     the key gets every role: `ingest`, `read`, `write` and `admin`. An unknown role is a 400.
         */
        post: operations["adminCreateApiKey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/accounts/{accountId}/keys/{keyId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An account id. */
                accountId: components["parameters"]["AccountId"];
                /** @description The key's `id` (not its secret). */
                keyId: components["parameters"]["KeyId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API key
         * @description The key stops working at once. Revoking a revoked key changes nothing.
         */
        delete: operations["adminRevokeApiKey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/persister/synchronization/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's jobs
         * @description One page of the account's sync jobs, newest first (`startTimestamp` descending, then `id`),
         *     each as `getSyncJob` answers it (with `phase` and `percent` while `FINALIZE_PENDING`).
         *     Filters combine (all must hold):
         *
         *     - `status`: one or more statuses, repeated (`?status=FINISHED&status=ERROR`);
         *     - `scope`, `source`, `integrationInstanceId`: exact matches;
         *     - `startedSince`: jobs started at or after this instant, as epoch milliseconds
         *       (`1795353156539`) or an ISO 8601 date-time with `Z` or an offset
         *       (`2026-11-22T10:31:00Z`; encode a `+` offset as `%2B`); anything else is 400
         *       `query parameter 'startedSince' must be epoch milliseconds or an ISO 8601 date-time such
         *       as 2026-01-31T12:00:00Z`.
         *
         *     A page holds at most `limit` jobs; when more follow, `cursor` is set: pass it as `cursor`
         *     (with the same filters) for the next page. A cursor that is not one of this listing is 400.
         */
        get: operations["listSyncJobs"];
        put?: never;
        /**
         * Start a synchronization job
         * @description Starts a job in status `AWAITING_UPLOADS` with every counter at 0.
         *
         *     - `source` (required): `api` for ad hoc data, `integration-external` for a custom
         *       integration (needs `integrationInstanceId`), `integration-managed` or `system-internal`.
         *       Only `api` and `system-internal` jobs may carry a `scope` (else 400 `scope can only be
         *       used when source is api or system-internal`).
         *     - `scope`: any string of at most 1000 UTF-8 bytes (also `integrationInstanceId`; else 400
         *       `scope: maximum length exceeded (1000 bytes)`); data uploaded by later jobs with the
         *       same scope replaces this data. Required for `api` jobs in `DIFF` and `CROSS_SCOPE` mode.
         *     - `syncMode`: `DIFF` (default), `PATCH`, `PUT`, `CROSS_SCOPE` or `OVERRIDE`. `PUT` and
         *       `OVERRIDE` must be enabled for the account (400 `PUT sync mode is not enabled for this
         *       account` / `OVERRIDE sync mode is not enabled for this account`). `CREATE_OR_UPDATE` is
         *       rejected with 400 `CREATE_OR_UPDATE sync mode is deprecated and no longer functions`.
         *     - `ignoreDuplicates`: when true, an object whose `_key` was already uploaded to this job
         *       replaces the earlier one instead of being a 400.
         *
         *     Unset fields may be sent as `null`. The service validates the body and answers 400
         *     `VALIDATION_ERROR` with the message of the first rule it breaks.
         */
        post: operations["startSyncJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/persister/synchronization/jobs/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The job's `id`, as returned when it was started (a UUID). Any other value is simply an
                 *     unknown job (404).
                 */
                jobId: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        /**
         * Get a job's status and counters
         * @description Clients poll this after finalize until `done` is true (status `FINISHED`, `ABORTED`,
         *     `FAILED` or `ERROR`).
         */
        get: operations["getSyncJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/persister/synchronization/jobs/{jobId}/upload": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The job's `id`, as returned when it was started (a UUID). Any other value is simply an
                 *     unknown job (404).
                 */
                jobId: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload entities and/or relationships
         * @description Stages one batch of entities and relationships. The batch must hold at least one entity or
         *     one relationship; an empty `entities` array is 400 `entities must have minimum 1 item`,
         *     also next to relationships.
         *     Entities and relationships are validated per the job's `syncMode` (see `UploadedEntity` and
         *     `UploadedRelationship`); the first problem is a 400 `VALIDATION_ERROR` whose message points
         *     at the object, e.g. `/entities/0/_key is required`. The graph is changed only at finalize.
         *
         *     The body is JSON (`application/json`), CSV (`text/csv`, see `SyncJobUploadCsv`) or YAML
         *     (`application/yaml`, `text/yaml`, `application/x-yaml`, see `SyncJobUploadYaml`), each
         *     validated with the same rules and messages (CSV ones name the line). Any other
         *     Content-Type is 415 `UNSUPPORTED_MEDIA_TYPE`, whose message lists the accepted types. Each
         *     may be compressed (`Content-Encoding: gzip`, `deflate` or `br`): a body that does not
         *     decompress is 400 `BAD_REQUEST`, an unknown encoding 415. `MAX_BODY_SIZE` applies to the
         *     decompressed body (413 `RequestEntityTooLargeException`). A rejected upload stages and
         *     counts nothing. A retried batch that carries the same `JupiterOne-Correlation-Id` is not
         *     counted or staged twice; a batch with other content under a correlation id the job already
         *     took is 409 `CORRELATION_ID_REUSED` and is not stored.
         */
        post: operations["uploadSyncJobData"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/persister/synchronization/jobs/{jobId}/entities": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The job's `id`, as returned when it was started (a UUID). Any other value is simply an
                 *     unknown job (404).
                 */
                jobId: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload entities
         * @description Like `uploadSyncJobData`, for entities only: the body holds an `entities` array with at
         *     least one entity. A non-empty `relationships` array is refused (400 `relationships are not
         *     accepted by the /entities route: upload them to /relationships or /upload`), and so is a
         *     CSV row that names an end of a relationship. Same formats and encodings as
         *     `uploadSyncJobData`.
         */
        post: operations["uploadSyncJobEntities"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/persister/synchronization/jobs/{jobId}/relationships": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The job's `id`, as returned when it was started (a UUID). Any other value is simply an
                 *     unknown job (404).
                 */
                jobId: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload relationships
         * @description Like `uploadSyncJobData`, for relationships only: the body holds a `relationships` array
         *     with at least one relationship. Relationships may reference entities that arrive in later
         *     batches; their ends are resolved at finalize. A non-empty `entities` array is refused (400
         *     `entities are not accepted by the /relationships route: upload them to /entities or
         *     /upload`), and so is a CSV row that names no end (it is an entity). Same formats and
         *     encodings as `uploadSyncJobData`.
         */
        post: operations["uploadSyncJobRelationships"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/persister/synchronization/jobs/{jobId}/finalize": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The job's `id`, as returned when it was started (a UUID). Any other value is simply an
                 *     unknown job (404).
                 */
                jobId: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Finalize a job
         * @description Applies the staged uploads to the graph: entities first, then relationships. In local mode
         *     the answer is `FINISHED` with the final created/updated/deleted counters; in queue mode it is
         *     `FINALIZE_PENDING` and a worker finishes the job (poll `getSyncJob`). If the queue cannot
         *     be reached the answer is 503 and the job stays `AWAITING_UPLOADS`, so finalize may be sent
         *     again (unless a worker already began it, in which case the answer is 200 `FINALIZE_PENDING`).
         *
         *     Jobs of one scope are applied in the order their finalize was accepted: a job whose scope
         *     has an earlier job still pending stays `FINALIZE_PENDING` (in local mode, this request
         *     waits) until that one is final.
         *
         *     The body is optional: clients send none at all (`Content-Length: 0`), `{}`, or
         *     `{ "partialDatasets": { "types": [...] } }`.
         */
        post: operations["finalizeSyncJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/persister/synchronization/jobs/{jobId}/finalize/preview": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The job's `id`, as returned when it was started (a UUID). Any other value is simply an
                 *     unknown job (404).
                 */
                jobId: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Preview what finalize would do
         * @description Answers what finalizing the job now would do, without writing anything (not the graph, the
         *     property catalog, raw data or the job): per `_type`, how many entities and relationships
         *     would be created, updated, deleted and left unchanged, with up to 5 `_key`s of each (and,
         *     for updates, the names of the properties that change). It runs the finalization's own
         *     classification code, so its totals are the counters the finalize would report if nothing
         *     changes in between. The job stays `AWAITING_UPLOADS`; any other status is 409
         *     `JOB_NOT_AWAITING_UPLOADS`. Jobs whose finalization depends on its own earlier writes
         *     (mapped relationships, `OVERRIDE`, a mode naming entities by `_key` and `_id`) are 409
         *     `PREVIEW_NOT_SUPPORTED`. The body is the finalize's (`partialDatasets`).
         */
        post: operations["previewSyncJobFinalize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/delete-guard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account's delete guard
         * @description The largest share, in percent, of a scope's live entities (and of its live relationships)
         *     that one `DIFF` job of the account may delete; `percent` null when the guard is off. An
         *     account setting, so role `admin`; a job's client sees the limit that applies in its
         *     finalize preview (`deleteGuard`).
         */
        get: operations["getAccountDeleteGuard"];
        /**
         * Set the account's delete guard
         * @description Sets the delete guard of the account's `DIFF` jobs: a finalization that would delete more
         *     than `percent` of its scope's live entities, or of its live relationships, ends `FAILED`
         *     with the numbers and changes nothing (a job's `deleteGuardPercent` overrides it). `null`
         *     turns the guard off (the default).
         */
        put: operations["setAccountDeleteGuard"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/persister/synchronization/jobs/{jobId}/abort": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The job's `id`, as returned when it was started (a UUID). Any other value is simply an
                 *     unknown job (404).
                 */
                jobId: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Abort a job
         * @description Moves a job that awaits uploads to `ABORTED` (`done: true`) and discards its staged data.
         *     The optional `reason` is kept on the job as `abortReason`. The body is optional; clients
         *     send `{ "reason": "...", "terminalStatus": "ABORTED" }`, `{ "reason": "..." }` or `{}`.
         *
         *     `terminalStatus` chooses how the job ends: `ABORTED` (the default), `FAILED` or `ERROR`
         *     (the reason is then also the job's `error`), or one of the integration SDK's statuses for
         *     a job that ended without finishing, `ABORTED_DUE_TO_INVALID_CONFIGURATION` or
         *     `ERROR_BAD_DATA`: the job ends `ABORTED` and keeps the given status as `terminalStatus`.
         *     Any other value is 400 `terminalStatus must be one of ABORTED, FAILED, ERROR,
         *     ABORTED_DUE_TO_INVALID_CONFIGURATION, ERROR_BAD_DATA`.
         */
        post: operations["abortSyncJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/persister/synchronization/jobs/{jobId}/events": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The job's `id`, as returned when it was started (a UUID). Any other value is simply an
                 *     unknown job (404).
                 */
                jobId: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        /**
         * List a job's events
         * @description Every event added to the job, oldest first.
         */
        get: operations["listSyncJobEvents"];
        put?: never;
        /**
         * Add events to a job
         * @description Stores progress notes on the job (the SDK sends one per step start and end). Answers with
         *     the events created, each with its `id` and `createDate`.
         */
        post: operations["addSyncJobEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/persister/synchronization/jobs/{jobId}/progress": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The job's `id`, as returned when it was started (a UUID). Any other value is simply an
                 *     unknown job (404).
                 */
                jobId: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        /**
         * Follow a job's progress (server-sent events)
         * @description A `text/event-stream` (server-sent events) that follows the job from any API process, in
         *     local and queue mode. Every event is `event: progress` with `id: <n>` (1, 2, ...) and one
         *     line of JSON `data` (`SyncJobProgressEvent`): the job's status, the current finalize
         *     `phase` (`bulk-file`, `entities`, `delete-entities`, `relationships`,
         *     `delete-relationships`, `finish`) and `percent` while `FINALIZE_PENDING`, done and total
         *     objects per phase, the counters so far and `final`.
         *
         *     The first event is sent at once; then one whenever the job changed (the server looks every
         *     `PROGRESS_POLL_INTERVAL`), and a `: keep-alive` comment every 15 seconds. After the event
         *     with `"final": true` (the job is `FINISHED`, `ABORTED`, `FAILED` or `ERROR`) the server ends
         *     the response, so a stream opened on a final job is one event. An unknown job is 404 before
         *     any event; past `PROGRESS_MAX_STREAMS` open streams in the process the answer is 429
         *     `TOO_MANY_CONCURRENT_REQUESTS`. A stream does not hold one of the account's
         *     `ACCOUNT_MAX_CONCURRENT` slots.
         */
        get: operations["streamSyncJobProgress"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/persister/synchronization/jobs/{jobId}/uploadUrl": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The job's `id`, as returned when it was started (a UUID). Any other value is simply an
                 *     unknown job (404).
                 */
                jobId: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Get the job's bulk upload URL
         * @description A signed URL that takes the job's data as one file with HTTP `PUT` (see
         *     `putSyncJobBulkFile`), instead of (or besides) upload batches. The file is stored as sent
         *     and validated and applied at finalize, after the job's batches. Asking again returns the
         *     same URL until it expires (one hour, `expiresAt`), then a new one. Only a job in
         *     `AWAITING_UPLOADS` without a bulk file gets one: otherwise 409 `JOB_NOT_AWAITING_UPLOADS`
         *     or `BULK_FILE_ALREADY_UPLOADED`. No request body.
         */
        post: operations["getSyncJobUploadUrl"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/persister/synchronization/jobs/{jobId}/changes": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The job's `id`, as returned when it was started (a UUID). Any other value is simply an
                 *     unknown job (404).
                 */
                jobId: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        /**
         * List what a sync job changed
         * @description The changes the job's finalization made to entities and relationships, newest first (`at`
         *     descending, then `changeId`), optionally only those of one `kind`. Changes older than the
         *     server's `HISTORY_RETENTION_DAYS` are purged.
         */
        get: operations["listSyncJobChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/persister/synchronization/bulk-uploads/{jobId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The job's `id`, as returned when it was started (a UUID). Any other value is simply an
                 *     unknown job (404).
                 */
                jobId: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        get?: never;
        /**
         * Upload the job's bulk file (the bulk upload URL)
         * @description The target of the URL that `getSyncJobUploadUrl` returns: use that URL exactly as given.
         *     It needs no API key or account header; its signature is the credential (a changed or
         *     expired URL is 403 `INVALID_UPLOAD_URL`).
         *
         *     The body is one file with the structure of an upload body (`SyncJobUploadRequest`), in
         *     any upload format: JSON, CSV or YAML, optionally compressed (`Content-Encoding: gzip`,
         *     `br` or `deflate`). The format is named by `Content-Type`; when that is absent or
         *     `application/octet-stream`, by the extension of the `Content-Disposition` filename
         *     (`attachment; filename="graph.csv"`). A file whose format cannot be told, or an unknown
         *     encoding, is 415. The file (as sent, and decompressed) may be at most
         *     `BULK_UPLOAD_MAX_SIZE` bytes (413 `RequestEntityTooLargeException`); a body that does not
         *     decompress is 400.
         *
         *     One file per job: another PUT is 409 `BULK_FILE_ALREADY_UPLOADED` and the first file is
         *     kept; a job that no longer awaits uploads answers 409 `JOB_NOT_AWAITING_UPLOADS`. The
         *     file is stored as sent and only validated at finalize: a file that does not parse or
         *     breaks an upload rule makes the job `FAILED`, with the reason in its `error`.
         */
        put: operations["putSyncJobBulkFile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/entities/{entityId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description An entity's `_id` (a UUID assigned by the service). An unknown id, or another account's
                 *     entity, is 404 `ENTITY_NOT_FOUND`.
                 */
                entityId: components["parameters"]["EntityId"];
            };
            cookie?: never;
        };
        /**
         * Get an entity
         * @description The entity as a vertex, the shape of a query's list result: `entity` holds the `_`
         *     metadata and `displayName`, `properties` the custom properties. A soft-deleted entity is
         *     returned too, with `_deleted: true` and `_endOn`.
         */
        get: operations["getEntity"];
        put?: never;
        post?: never;
        /**
         * Delete an entity and its relationships
         * @description Soft deletes the entity (`_deleted: true`, `_endOn` now, `_version` + 1) and, in the same
         *     transaction, every live relationship between it and another entity, in both directions;
         *     its raw-data versions are marked deleted. Deleting an entity that is already deleted
         *     changes nothing and answers 200 with `numRelationshipsDeleted: 0`, so retries are safe. A
         *     later sync job that uploads the entity again revives it.
         */
        delete: operations["deleteEntity"];
        options?: never;
        head?: never;
        /**
         * Set or remove an entity's properties
         * @description Sets the given custom properties; a `null` value removes one; properties not given keep
         *     their values. The change is a new version of the entity (`_version` + 1, `_beginOn` now).
         *     When every given value already holds, nothing is written and the entity is returned as it
         *     is. The owner's next DIFF sync of the entity's scope restores what its data says (a
         *     property set here and absent from its data is removed).
         *
         *     The rules for names and values are the upload's (400 `VALIDATION_ERROR`, pointing at the
         *     property): a name starting with `_` is a system property and cannot be patched
         *     (`/properties/_type has invalid property name '_type': system properties cannot be
         *     patched`); a value is a string, number, boolean, null, or an array of only strings, only
         *     numbers or only booleans (`/properties/owner has invalid type. Valid types are ...`).
         *     `properties` must name at least one property.
         *
         *     A property pinned by an OVERRIDE job (listed in the entity's `_overrides`) is 409
         *     `PROPERTY_PINNED`; a soft-deleted entity is 409 `ENTITY_DELETED`. Nothing is written then.
         */
        patch: operations["patchEntity"];
        trace?: never;
    };
    "/entities/{entityId}/relationships": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description An entity's `_id` (a UUID assigned by the service). An unknown id, or another account's
                 *     entity, is 404 `ENTITY_NOT_FOUND`.
                 */
                entityId: components["parameters"]["EntityId"];
            };
            cookie?: never;
        };
        /**
         * List an entity's relationships
         * @description The relationships between the entity and other entities of the account, ordered by the
         *     relationship's `_id`, each with its direction seen from the entity and the entity at the
         *     other end. Pages: pass the `cursor` of a page to get the next one; the last page has none.
         *     `totalCount` counts every matching relationship, over all pages.
         */
        get: operations["listEntityRelationships"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/entities/{entityId}/history": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description An entity's `_id` (a UUID assigned by the service). An unknown id, or another account's
                 *     entity, is 404 `ENTITY_NOT_FOUND`.
                 */
                entityId: components["parameters"]["EntityId"];
            };
            cookie?: never;
        };
        /**
         * List an entity's changes
         * @description What each write did to the entity (soft-deleted ones included), newest first (`at`
         *     descending, then `changeId`): created, property-level updates with the values before and
         *     after, deleted, revived, with the sync job or API key that wrote it. Changes older than
         *     the server's `HISTORY_RETENTION_DAYS` are purged.
         */
        get: operations["listEntityHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/entities/{entityId}/raw-data": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description An entity's `_id` (a UUID assigned by the service). An unknown id, or another account's
                 *     entity, is 404 `ENTITY_NOT_FOUND`.
                 */
                entityId: components["parameters"]["EntityId"];
            };
            cookie?: never;
        };
        /**
         * The latest version of each raw-data entry of an entity
         * @description The metadata of each entry's latest version, by entry name (`{}` when the entity has no
         *     raw data). Entries of a soft-deleted entity are listed with `deleted: true`. An unknown
         *     entity, or another account's, is 404 `ENTITY_NOT_FOUND`.
         */
        get: operations["getEntityRawData"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/entities/{entityId}/raw-data-versions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description An entity's `_id` (a UUID assigned by the service). An unknown id, or another account's
                 *     entity, is 404 `ENTITY_NOT_FOUND`.
                 */
                entityId: components["parameters"]["EntityId"];
            };
            cookie?: never;
        };
        /**
         * Every kept version of each raw-data entry of an entity
         * @description By entry name, the entry's versions, newest first (at most `RAW_DATA_VERSIONS_KEPT` per
         *     entry, 10 by default: older versions are deleted with their content). An unknown entity,
         *     or another account's, is 404 `ENTITY_NOT_FOUND`.
         */
        get: operations["getEntityRawDataVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/entities/{entityId}/raw-data/{entryName}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description An entity's `_id` (a UUID assigned by the service). An unknown id, or another account's
                 *     entity, is 404 `ENTITY_NOT_FOUND`.
                 */
                entityId: components["parameters"]["EntityId"];
                /** @description A raw-data entry name (a key of `entries`), URL-encoded. */
                entryName: components["parameters"]["RawDataEntryName"];
            };
            cookie?: never;
        };
        /**
         * The versions of one raw-data entry
         * @description The entry's kept versions, newest first. An unknown entity (or another account's) is 404
         *     `ENTITY_NOT_FOUND`; an entity without an entry of that name is 404 `RAW_DATA_NOT_FOUND`.
         */
        get: operations["listRawDataEntryVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/entities/{entityId}/raw-data/{entryName}/versions/latest": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description An entity's `_id` (a UUID assigned by the service). An unknown id, or another account's
                 *     entity, is 404 `ENTITY_NOT_FOUND`.
                 */
                entityId: components["parameters"]["EntityId"];
                /** @description A raw-data entry name (a key of `entries`), URL-encoded. */
                entryName: components["parameters"]["RawDataEntryName"];
            };
            cookie?: never;
        };
        /**
         * Download the latest version of a raw-data entry
         * @description The content of the entry's latest version exactly as stored (streamed): a JSON body as
         *     its JSON text, a string body verbatim. `Content-Type` is the entry's `contentType`,
         *     `Content-Length` its `contentLength`; `ETag` and `X-Raw-Data-Version-Id` name the version.
         *     404 `ENTITY_NOT_FOUND` or `RAW_DATA_NOT_FOUND` as for the versions list.
         */
        get: operations["getLatestRawDataContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/entities/{entityId}/raw-data/{entryName}/versions/{versionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description An entity's `_id` (a UUID assigned by the service). An unknown id, or another account's
                 *     entity, is 404 `ENTITY_NOT_FOUND`.
                 */
                entityId: components["parameters"]["EntityId"];
                /** @description A raw-data entry name (a key of `entries`), URL-encoded. */
                entryName: components["parameters"]["RawDataEntryName"];
                /** @description A `versionId` from the entry's metadata. */
                versionId: string;
            };
            cookie?: never;
        };
        /**
         * Download one version of a raw-data entry
         * @description Like `getLatestRawDataContent`, for any kept version. A version that does not exist (or
         *     was pruned) is 404 `RAW_DATA_NOT_FOUND`.
         */
        get: operations["getRawDataVersionContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/query": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a J1QL query
         * @description Parses the query, compiles it to Cypher that is bound to the caller's account, and returns
         *     one page of the result:
         *     - `list` (no RETURN): the distinct start entities, as vertices `{ id, entity, properties }`
         *       (`_type` and `_class` as arrays, dotted property names as flat keys);
         *     - `table` (RETURN of properties, entities, aggregates): flat rows keyed by the item as
         *       written (`u.username`, `count(user)`) or by its `AS` name; a whole entity is a vertex, a
         *       relationship an edge, `a.*` spreads as `a.<property>`;
         *     - `tree` (RETURN TREE): `{ vertices, edges }` of the matched paths, each once.
         *
         *     `totalCount` counts the rows (for `tree`, the matched paths) over all pages, within the
         *     query's own SKIP and LIMIT. `limit` is the page size (default 250, at most
         *     QUERY_MAX_PAGE_SIZE); pass back `cursor` for the next page, with the same `query` and
         *     `includeDeleted`. Soft-deleted entities and relationships are left out unless
         *     `includeDeleted` is true.
         *
         *     Numbers in RETURN: arithmetic (`+ - * / % ^`), `ABS`, `SQRT`, `CEIL`, `FLOOR`, `ROUND` and
         *     the aggregates `SUM`, `AVG`, `MIN`, `MAX` read every value by one rule. A number is itself;
         *     text that reads as a decimal number (`"7"`, `" 2.5 "`, `"1e2"`) is that number; anything
         *     else (other text, booleans, lists, a missing value) is no number. Where an operand is no
         *     number, arithmetic and the functions give null and the aggregates leave the value out
         *     (`SUM` of no numbers is 0, `AVG`/`MIN`/`MAX` null), so mixed data answers with numbers,
         *     not a 400. Division or remainder by zero is null. `+` never joins text (`CONCAT` does).
         *
         *     A query that does not parse is 400 `J1QL_SYNTAX_ERROR`, with `details` giving the line,
         *     column, the token found and what was expected. A query that parses but cannot run (an
         *     unknown alias, an aggregate where none can be, an unknown `${param.X}`, a value the
         *     data cannot be compared with, the QUERY_TIMEOUT limit) is 400 `J1QL_INVALID_QUERY`.
         */
        post: operations["runQuery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/query/explain": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Show the Cypher a J1QL query compiles to
         * @description Compiles the query as `runQuery` would for its first page, and returns the Cypher and its
         *     parameters without running it. Errors are those of `runQuery`.
         */
        post: operations["explainQuery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/query/vocabulary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The classes, types and property names of the account
         * @description What a J1QL query of the caller's account can name: entity classes, entity types and
         *     property names, each sorted. The web console completes queries with it. Types come from
         *     the type index; a type whose entities are all deleted is left out.
         */
        get: operations["getQueryVocabulary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's rules
         * @description One page of the account's rules, by name.
         */
        get: operations["listRules"];
        put?: never;
        /**
         * Create a rule
         * @description Validates the rule, stores it normalised at `version` 1 and answers it with its `id`.
         *     Read-only fields of a stored rule (`id`, `version`, `createdOn`, ...) are ignored, so a
         *     rule read from another account can be posted as it is.
         *
         *     A rule whose `pollingInterval` is not `DISABLED` runs at once (a `SCHEDULED` evaluation,
         *     whose actions run: alerts open, messages go out) and then every interval.
         */
        post: operations["createRule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rules/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Validate a rule without saving it
         * @description The rule as it would be stored (normalised), or the 400 it would get.
         */
        post: operations["validateRule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rules/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a rule from a rule-pack entry
         * @description Takes the compact rule-pack form (`name`, `description`, `queries`, `alertLevel`,
         *     `templates`, `operations`, `labels`), expands it as the JupiterOne CLI does
         *     (`specVersion` 1, `pollingInterval` `ONE_DAY`, and without operations of its own the
         *     default operation: when `{{queries.query0.total > 0}}`, `SET_PROPERTY alertLevel` to the
         *     pack's `alertLevel` or `HIGH`, then `CREATE_ALERT`), then creates it as `createRule` does.
         */
        post: operations["importRule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rules/evaluate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Dry-run a rule body without saving it
         * @description Validates `rule` as `createRule` does, then evaluates it as `evaluateRule` would: every
         *     query runs (all rows, on the account's graph), every condition is evaluated, `SET_PROPERTY`
         *     and `SERVICE_QUERY` run, and every other action's inputs are rendered and recorded with
         *     status `DRY_RUN`, with no side effect: no alert, no tag, no message. Nothing is stored.
         *     The way to test a rule before saving it. `dryRun` must be `true`.
         */
        post: operations["dryRunRule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rules/{ruleId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The rule's `id`. An unknown id, or another account's rule, is 404 `RULE_NOT_FOUND`. */
                ruleId: components["parameters"]["RuleId"];
            };
            cookie?: never;
        };
        /** Get a rule */
        get: operations["getRule"];
        /**
         * Replace a rule
         * @description Validates the new definition and stores it as the next `version`. A changed
         *     `pollingInterval` (other than `DISABLED`) runs the rule at once and then every interval;
         *     the same interval keeps its next run.
         */
        put: operations["updateRule"];
        post?: never;
        /** Delete a rule */
        delete: operations["deleteRule"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rules/{ruleId}/evaluations/{evaluationId}/entities": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The rule's `id`. An unknown id, or another account's rule, is 404 `RULE_NOT_FOUND`. */
                ruleId: components["parameters"]["RuleId"];
                evaluationId: string;
            };
            cookie?: never;
        };
        /**
         * The entities an evaluation's queries returned
         * @description The result entities of one stored evaluation record, in the record's order: the first
         *     `limit` with their display name (or `_key`), class and type, whether each has been deleted
         *     since, and `total`, how many the evaluation found. An entity purged from the graph since is
         *     left out of `entities` but still counted. A record whose queries did not all run (FAILED)
         *     stores no entities: `total` 0. The web console's alert screen lists the entities of the
         *     evaluation that raised the alert with it.
         */
        get: operations["listRuleEvaluationEntities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rules/{ruleId}/versions": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The rule's `id`. An unknown id, or another account's rule, is 404 `RULE_NOT_FOUND`. */
                ruleId: components["parameters"]["RuleId"];
            };
            cookie?: never;
        };
        /**
         * A rule's versions
         * @description The rule as it is and every version an update (`PUT /rules/{ruleId}`) replaced, newest
         *     first, each with its definition as it was saved and when. Deleting the rule deletes its
         *     versions. Versions replaced before graphsync kept them (0.1.0 before the console) are not
         *     listed.
         */
        get: operations["listRuleVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rules/{ruleId}/evaluate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The rule's `id`. An unknown id, or another account's rule, is 404 `RULE_NOT_FOUND`. */
                ruleId: components["parameters"]["RuleId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Evaluate a rule now
         * @description Runs the stored rule at once, as its schedule would, and answers the evaluation record,
         *     which is also stored (the newest `RULE_EVALUATIONS_KEPT` per rule). A query, condition or
         *     action that fails makes the record `FAILED` with the reason in `errors` (still 200): the
         *     rule ran. With `{"dryRun": true}` nothing happens beyond the queries and the record is not
         *     stored. 409 `RULE_EVALUATION_RUNNING` while another evaluation of the rule runs
         *     (evaluations of one rule never overlap).
         */
        post: operations["evaluateRule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rules/{ruleId}/evaluations": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The rule's `id`. An unknown id, or another account's rule, is 404 `RULE_NOT_FOUND`. */
                ruleId: components["parameters"]["RuleId"];
            };
            cookie?: never;
        };
        /**
         * List a rule's evaluation records
         * @description Newest first; scheduled and manual evaluations (dry runs are not stored).
         */
        get: operations["listRuleEvaluations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/rules/{ruleId}/evaluations/{evaluationId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The rule's `id`. An unknown id, or another account's rule, is 404 `RULE_NOT_FOUND`. */
                ruleId: components["parameters"]["RuleId"];
                evaluationId: string;
            };
            cookie?: never;
        };
        /** Get one evaluation record of a rule */
        get: operations["getRuleEvaluation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/questions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's questions
         * @description One page of the account's questions, by title (then `id`).
         */
        get: operations["listQuestions"];
        put?: never;
        /**
         * Create a question
         * @description Validates the question, stores it normalised at `version` 1 and answers it with its `id`.
         *     Read-only fields of a stored question (`id`, `version`, `createdOn`, ...) are ignored, so
         *     a question read from another account can be posted as it is.
         */
        post: operations["createQuestion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/questions/{questionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The question's `id`. An unknown id, or another account's question, is 404
                 *     `QUESTION_NOT_FOUND`.
                 */
                questionId: components["parameters"]["QuestionId"];
            };
            cookie?: never;
        };
        /** Get a question */
        get: operations["getQuestion"];
        /**
         * Replace a question
         * @description Validates the new definition and stores it as the next `version`. Rules that refer to the
         *     question run the new queries from their next evaluation.
         */
        put: operations["updateQuestion"];
        post?: never;
        /**
         * Delete a question
         * @description Refused with 409 `QUESTION_IN_USE` while a rule of the account refers to the question by
         *     `questionId`; the message names up to five of them.
         */
        delete: operations["deleteQuestion"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's integration instances
         * @description Every instance of the account (optionally of one `type`), by name.
         */
        get: operations["listIntegrations"];
        put?: never;
        /**
         * Create an integration instance
         * @description Validates the instance for its `type`, encrypts its `secrets` and answers it with its
         *     `id` and `secretNames` (never the secrets). Read-only fields of an answer (`id`,
         *     `secretNames`, `createdOn`, `updatedOn`) are ignored.
         */
        post: operations["createIntegration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integrations/{integrationId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The instance's `id`. An unknown id, or another account's instance, is 404
                 *     `INTEGRATION_NOT_FOUND`.
                 */
                integrationId: components["parameters"]["IntegrationId"];
            };
            cookie?: never;
        };
        /** Get an integration instance */
        get: operations["getIntegration"];
        /**
         * Replace an integration instance
         * @description Replaces `name` and `config`. The `type` cannot change (a `type` equal to the stored one
         *     is accepted). Without `secrets` the stored secrets are kept; with `secrets` they are all
         *     replaced by the given ones (`{}` removes them): secrets are never read back, so they are
         *     not merged field by field.
         */
        put: operations["updateIntegration"];
        post?: never;
        /**
         * Delete an integration instance
         * @description Deletes the instance with its secrets. Rules whose actions name it stay; those actions
         *     then fail with `integration instance '<id>' does not exist in this account`.
         */
        delete: operations["deleteIntegration"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's subscriptions
         * @description Every subscription of the account, by name.
         */
        get: operations["listSubscriptions"];
        put?: never;
        /**
         * Create a subscription
         * @description Subscribes a webhook, an SQS queue or an SNS topic to the account's change events
         *     (docs/guide/change-events.md). A webhook's `url` is checked by the address guard of rule
         *     webhooks (400 when it is refused), a queue's or topic's `integrationInstanceId` must name an
         *     `aws` instance of the account (400 otherwise). The webhook `secret` is never answered.
         */
        post: operations["createSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/subscriptions/{subscriptionId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription's `id`. An unknown id, or another account's subscription, is 404. */
                subscriptionId: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        /**
         * Get a subscription
         * @description The subscription (a webhook's `secretSet`, never its secret).
         */
        get: operations["getSubscription"];
        /**
         * Replace a subscription
         * @description Replaces `name`, `target`, `filter` and `enabled`, checked as at creation. A webhook target
         *     without `secret` keeps the stored secret.
         */
        put: operations["updateSubscription"];
        post?: never;
        /**
         * Delete a subscription
         * @description Deletes the subscription and its delivery log; deliveries not yet made are dropped.
         */
        delete: operations["deleteSubscription"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/subscriptions/{subscriptionId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription's `id`. An unknown id, or another account's subscription, is 404. */
                subscriptionId: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        /**
         * List a subscription's deliveries
         * @description One page of the subscription's delivery log, newest first (`createdOn` descending, then `id`):
         *     one delivery per change event the subscription got, with its tries and last outcome.
         */
        get: operations["listSubscriptionDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/alerts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's alerts
         * @description One page of the account's alerts, newest first (`createdOn` descending, then `id`).
         */
        get: operations["listAlerts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/alerts/{alertId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The alert's `id`. An unknown id, or another account's alert, is 404 `ALERT_NOT_FOUND`. */
                alertId: components["parameters"]["AlertId"];
            };
            cookie?: never;
        };
        /** Get an alert */
        get: operations["getAlert"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/alerts/{alertId}/dismiss": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The alert's `id`. An unknown id, or another account's alert, is 404 `ALERT_NOT_FOUND`. */
                alertId: components["parameters"]["AlertId"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Dismiss an alert
         * @description An `ACTIVE` alert becomes `DISMISSED` (with `dismissedOn`); the rule's next firing opens a
         *     new alert. A `DISMISSED` alert is answered as it is. A `RESOLVED` alert cannot be dismissed:
         *     409 `ALERT_NOT_ACTIVE`.
         */
        post: operations["dismissAlert"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notification-templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's notification layouts
         * @description The layout of each kind (`alert`, `failure`, `digest`) the account's messages use: its own
         *     (`custom: true`) or the default. Each is a pair of Handlebars layouts, the HTML part and the
         *     plain-text part of a multipart email (docs/guide/notifications.md).
         */
        get: operations["listNotificationTemplates"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notification-templates/{kind}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The layout's kind. */
                kind: components["schemas"]["NotificationKind"];
            };
            cookie?: never;
        };
        /**
         * Get the layout of one kind
         * @description The account's own layout of the kind, or the default (`custom` false).
         */
        get: operations["getNotificationTemplate"];
        /**
         * Store the account's own layout of one kind
         * @description Replaces the layout the account's messages of this kind use. Both parts are checked first
         *     (400 `VALIDATION_ERROR`, naming the part and the line), and nothing is stored unless both pass:
         *     - each parses and compiles as Handlebars, and is at most 64 KiB;
         *     - it calls only the documented helpers (`if`, `unless`, `each`, `with`, `plural`, `eq`):
         *       `html: line 3: uses the unknown helper 'shout'; the helpers are if, unless, each, with,
         *       plural, eq`;
         *     - it reads only the kind's documented variables (docs/guide/notifications.md), inside
         *       `{{#each}}` those of the list's items: `html: line 1: reads the unknown variable
         *       'param.token'`;
         *     - the HTML part writes no value unescaped (`{{{x}}}`, `{{&x}}`) and uses no partials;
         *     - read as a browser reads its output, a value lands only in text or in a quoted attribute
         *       value; an address attribute (`href`, `src`, ...) takes only the links the service builds
         *       (`alertLink`, `rule.link`, `link`, `recordLink`, `consoleLink`, `alertsLink`), `style`
         *       only `level.colour` and `level.textColour`;
         *     - its own text, with comments and values taken out, has no script, iframe, object, embed,
         *       form, base, link, svg or math element, no event handler attributes, no `javascript:`,
         *       `vbscript:` or `data:` URLs, no meta refresh and no CSS `@import`;
         *     - every address the layout writes itself (an image, a link) is an http(s) URL that the
         *       address guard accepts: a public address, or one WEBHOOK_ALLOWLIST allows.
         */
        put: operations["putNotificationTemplate"];
        post?: never;
        /**
         * Go back to the default layout of one kind
         * @description Deletes the account's own layout of the kind and answers the default now in use. 404
         *     `NOT_FOUND` when the account had none.
         */
        delete: operations["deleteNotificationTemplate"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/notification-templates/{kind}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The layout's kind. */
                kind: components["schemas"]["NotificationKind"];
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Render a layout against a real evaluation, sending nothing
         * @description A dry run of a layout: renders `html` and `text` when given (checked as a save would check
         *     them, 400 alike), else the account's stored layout or the default, and answers the message
         *     (`subject`, `html`, `text`) without sending or storing anything. An `alert` or `failure`
         *     layout renders against an evaluation record of rule `ruleId` (`evaluationId`, else the
         *     rule's newest: 404 `EVALUATION_NOT_FOUND` when it has none): its alert level, the body of
         *     its first SEND_EMAIL or SEND_CHAT_MESSAGE action, and the entities it found. A `digest`
         *     layout renders the account's digest of the last completed day (or week, as the account's
         *     digest is set).
         */
        post: operations["previewNotificationTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/parameters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's parameters
         * @description Every parameter of the account, ordered by name. A secret parameter is listed with
         *     `secret: true` and without its `value`.
         */
        get: operations["listParameters"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/parameters/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A parameter name: 1 to 128 letters, digits and `_`, not starting with a digit
                 *     (`^[A-Za-z_][A-Za-z0-9_]{0,127}$`), so that `${param.<name>}` and `param.<name>` reach it.
                 *     Names are case-sensitive. Any other name is 400 `VALIDATION_ERROR` (`Invalid parameter
                 *     name 'my-param': ...`).
                 */
                name: components["parameters"]["ParameterName"];
            };
            cookie?: never;
        };
        /**
         * Get a parameter
         * @description The parameter; a secret one without its `value`.
         */
        get: operations["getParameter"];
        /**
         * Create or replace a parameter
         * @description Stores `value` under the name, replacing the parameter's value and `secret` flag if it
         *     exists (`createdOn` is kept, `updatedOn` is now). `secret` defaults to `false`, so
         *     replacing a secret parameter without `secret: true` makes the new value readable.
         *
         *     400 `VALIDATION_ERROR` for an invalid name (see the `name` parameter) or value, with the
         *     JSON pointer of the offending part and never the value itself:
         *     - `/value must not be null. Valid types are boolean, string, number, or a list of only
         *       booleans, only strings or only numbers.`
         *     - `/value has invalid type: objects cannot be stored in a parameter. Valid types are ...`
         *     - `/value/2 has invalid type: list items must be booleans, strings or numbers` (a list in
         *       a list, an object or null in a list)
         *     - `/value/1 is a string but /value/0 is a number: a list holds only booleans, only
         *       strings or only numbers`
         *     - `/value must be a finite number` (e.g. `1e400`)
         *     - `/value is longer than 10000 characters`, `/value/3 is longer than 10000 characters`
         *     - `/value has more than 1000 items`
         *
         *     An empty string and an empty list are values.
         */
        put: operations["putParameter"];
        post?: never;
        /**
         * Delete a parameter
         * @description Removes the parameter and answers it as it was (a secret one without its `value`).
         *     Deleting a parameter that does not exist is 404 `PARAMETER_NOT_FOUND`, so a misspelt
         *     name is not mistaken for success.
         */
        delete: operations["deleteParameter"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit-events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's audit events
         * @description One page of the account's audit trail, newest first (`occurredOn` descending, then `id`):
         *     every successful change to its rules, questions, parameters, integrations, API keys,
         *     account settings, alert dismissals and entities, made with an API key, the admin API or
         *     the command line. Events older than the server's `AUDIT_RETENTION_DAYS` are pruned.
         */
        get: operations["listAuditEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ErrorResponse: {
            error: {
                /**
                 * @description Stable machine-readable code, e.g. `VALIDATION_ERROR`, `UNAUTHORIZED`.
                 * @example MISSING_ACCOUNT_HEADER
                 */
                code: string;
                /** @example Missing Service-Account header */
                message: string;
                /** @description Specifics a client can act on, for some codes. `J1QL_SYNTAX_ERROR`: `line`, `column` (1-based), `token` (the text found there, empty at the end of the query), `expected` (what could have come next) and, when the grammar itself refused a clause, `reason`. `J1QL_INVALID_QUERY`: `line` and `column` of the offending part, when known. */
                details?: {
                    [key: string]: unknown;
                };
            };
        };
        HealthResponse: {
            /** @enum {string} */
            status: "ok";
        };
        ReadinessResponse: {
            /** @enum {string} */
            status: "ok" | "unavailable";
            /**
             * @description `local`: finalize runs in-process. `queue`: workers run it through Redis.
             * @enum {string}
             */
            mode: "local" | "queue";
            checks: {
                neo4j: components["schemas"]["CheckStatus"];
                redis: components["schemas"]["CheckStatus"];
            };
        };
        /** @enum {string} */
        CheckStatus: "ok" | "down" | "disabled";
        /**
         * @description This document, openapi.yaml parsed: an OpenAPI 3.1 description (its own schema is
         *     https://spec.openapis.org/oas/3.1/schema). Only its top level is described here.
         * @example {
         *       "openapi": "3.1.0",
         *       "info": {
         *         "title": "graphsync API",
         *         "version": "0.1.0"
         *       },
         *       "paths": {
         *         "/healthz": {
         *           "get": {
         *             "operationId": "getHealth",
         *             "tags": [
         *               "health"
         *             ],
         *             "summary": "Liveness probe",
         *             "security": [],
         *             "responses": {
         *               "200": {
         *                 "description": "The process is up."
         *               }
         *             }
         *           }
         *         }
         *       }
         *     }
         */
        OpenApiDocument: {
            /** @constant */
            openapi: "3.1.0";
            info: {
                title: string;
                version: string;
            };
            paths: {
                [key: string]: unknown;
            };
        };
        /** @example local */
        AccountId: string;
        /**
         * @description `PUT` enables the PUT sync mode; `OVERRIDE` enables OVERRIDE jobs.
         * @enum {string}
         */
        AccountFeature: "PUT" | "OVERRIDE";
        Account: {
            id: components["schemas"]["AccountId"];
            features: components["schemas"]["AccountFeature"][];
            notificationEmails: components["schemas"]["NotificationEmails"];
            /**
             * Format: int64
             * @description Epoch milliseconds.
             */
            createdOn: number;
        };
        /**
         * @example {
         *       "account": {
         *         "id": "local",
         *         "features": [
         *           "OVERRIDE",
         *           "PUT"
         *         ],
         *         "notificationEmails": [
         *           "secops@example.com"
         *         ],
         *         "createdOn": 1748563200000
         *       }
         *     }
         */
        AccountResponse: {
            account: components["schemas"]["Account"];
        };
        AccountListResponse: {
            accounts: components["schemas"]["Account"][];
        };
        CreateAccountRequest: {
            id: components["schemas"]["AccountId"];
            features?: components["schemas"]["AccountFeature"][];
        };
        UpdateAccountRequest: {
            features?: components["schemas"]["AccountFeature"][];
            notificationEmails?: components["schemas"]["NotificationEmails"];
        };
        /**
         * @description Where failure notifications of rules with `notifyOnFailure` are emailed: plain
         *     `local@domain` addresses, at most 20.
         * @example [
         *       "secops@example.com"
         *     ]
         */
        NotificationEmails: string[];
        SetNotificationEmailsRequest: {
            emails: components["schemas"]["NotificationEmails"];
        };
        CreateApiKeyRequest: {
            /** @description A label to tell keys apart (e.g. the client that uses it). */
            name?: string;
            /** @description What the key may do; every role when left out. */
            roles?: components["schemas"]["KeyRoles"];
        };
        ApiKey: {
            /** @description Public identifier, used to revoke the key. */
            id: string;
            name: string | null;
            accountId: components["schemas"]["AccountId"];
            roles: components["schemas"]["KeyRoles"];
            /**
             * Format: int64
             * @description Epoch milliseconds.
             */
            createdOn: number;
            /**
             * Format: int64
             * @description Epoch milliseconds; null while the key is live.
             */
            revokedOn: number | null;
        };
        /**
         * @description What a key may do in its account: `ingest` (sync jobs: start, upload, events, finalize,
         *     abort), `read` (every GET but the account's keys, `POST /query`, `POST /query/explain`, rule
         *     dry runs), `write` (rules, questions, parameters, integrations, alert dismissal, entity
         *     changes), `admin` (the account's keys and settings). Each operation's `security` names the
         *     roles it accepts.
         * @enum {string}
         */
        KeyRole: "ingest" | "read" | "write" | "admin";
        KeyRoles: components["schemas"]["KeyRole"][];
        CreateAccountApiKeyRequest: {
            /** @description A label to tell keys apart (e.g. the client that uses it). */
            name?: string;
            roles: components["schemas"]["KeyRoles"];
        };
        CreatedApiKey: {
            /** @description Public identifier, used to revoke the key. */
            id: string;
            name: string | null;
            accountId: components["schemas"]["AccountId"];
            roles: components["schemas"]["KeyRoles"];
            /**
             * Format: int64
             * @description Epoch milliseconds.
             */
            createdOn: number;
            /**
             * Format: int64
             * @description Always null for a new key.
             */
            revokedOn: number | null;
            /** @description The key to send as `Authorization: Bearer <secret>`. Shown only once. */
            secret: string;
        };
        ApiKeyResponse: {
            key: components["schemas"]["ApiKey"];
        };
        CreatedApiKeyResponse: {
            key: components["schemas"]["CreatedApiKey"];
        };
        ApiKeyListResponse: {
            keys: components["schemas"]["ApiKey"][];
        };
        /**
         * @description Where the data comes from: `api` for ad hoc data, `integration-external` for a custom
         *     integration, `integration-managed` for a managed integration, `system-internal`.
         * @enum {string}
         */
        SyncJobSource: "api" | "integration-external" | "integration-managed" | "system-internal";
        /**
         * @description How finalize applies the uploads. `DIFF`: the uploads are the whole scope; what is absent
         *     is deleted. `PATCH`: updates the given entities only. `PUT`: creates and updates entities and
         *     relationships, deletes nothing. `CROSS_SCOPE`: relationships between entities of different
         *     scopes only. `OVERRIDE`: pins property values on existing entities.
         * @enum {string}
         */
        SyncMode: "DIFF" | "PATCH" | "PUT" | "CROSS_SCOPE" | "OVERRIDE";
        /**
         * @description `AWAITING_UPLOADS` until finalize; `FINALIZE_PENDING` while a worker applies the uploads
         *     (queue mode); then `FINISHED`. `ABORTED`: aborted by the client or by the reaper of stale
         *     jobs. `FAILED`: finalization rejected the data (see `error`). `ERROR`: finalization could not
         *     complete because of an infrastructure fault.
         * @enum {string}
         */
        SyncJobStatus: "AWAITING_UPLOADS" | "FINALIZE_PENDING" | "FINISHED" | "ABORTED" | "FAILED" | "ERROR";
        /**
         * @description A problem with one object found at finalize.
         * @example {
         *       "kind": "entity",
         *       "key": null,
         *       "message": "PATCH target entity '0b9c3f3e-0000-4000-8000-000000000001' does not exist"
         *     }
         */
        JobObjectError: {
            /** @enum {string} */
            kind: "entity" | "relationship";
            /** @description The object's `_key`, or null when it was addressed by `_id`. */
            key: string | null;
            message: string;
        };
        /**
         * @description A synchronization job. `numEntitiesUploaded` and the other `...Uploaded` counters grow with
         *     each upload (after duplicate handling); the created, updated, deleted and error counters are
         *     0 until finalize has run, then hold the totals applied to the graph. Optional fields are
         *     omitted when unset.
         * @example {
         *       "id": "7a5eb83f-03d3-4651-a8fd-ddff9da98757",
         *       "accountId": "local",
         *       "source": "api",
         *       "scope": "my-scope",
         *       "syncMode": "DIFF",
         *       "status": "AWAITING_UPLOADS",
         *       "done": false,
         *       "startTimestamp": 1795353156539,
         *       "ignoreDuplicates": false,
         *       "numEntitiesUploaded": 2,
         *       "numEntitiesCreated": 0,
         *       "numEntitiesUpdated": 0,
         *       "numEntitiesDeleted": 0,
         *       "numEntityUpdateErrors": 0,
         *       "numRelationshipsUploaded": 1,
         *       "numRelationshipsCreated": 0,
         *       "numRelationshipsUpdated": 0,
         *       "numRelationshipsDeleted": 0,
         *       "numRelationshipCreateErrors": 0,
         *       "numMappedRelationshipsUploaded": 0,
         *       "numRawDataVersionsCreated": 0
         *     }
         */
        SyncJob: {
            deleteGuardPercent?: components["schemas"]["DeleteGuardPercent"];
            deleteGuard?: components["schemas"]["SyncJobDeleteGuard"];
            /** @description The job id (a UUID), assigned when the job starts. */
            id: string;
            accountId: components["schemas"]["AccountId"];
            source: components["schemas"]["SyncJobSource"];
            /** @description The job's scope, when one was given. */
            scope?: string;
            syncMode: components["schemas"]["SyncMode"];
            status: components["schemas"]["SyncJobStatus"];
            /** @description True once the status is final (`FINISHED`, `ABORTED`, `FAILED`, `ERROR`). */
            done: boolean;
            /**
             * Format: int64
             * @description Epoch milliseconds.
             */
            startTimestamp: number;
            /**
             * Format: int64
             * @description Epoch milliseconds; set when the job reaches a final status.
             */
            endTimestamp?: number;
            integrationInstanceId?: string;
            integrationJobId?: string;
            /** @description The job's own duplicate handling (see `StartSyncJobRequest`). */
            ignoreDuplicates: boolean;
            /** @description `FAILED` or `ERROR`: why. */
            error?: string;
            /** @description `ABORTED`: the reason the client gave, if any. */
            abortReason?: string;
            /**
             * @description `ABORTED`: the integration SDK's status that the abort named as its `terminalStatus`,
             *     when it named one of these (the job's `status` is then `ABORTED`).
             * @enum {string}
             */
            terminalStatus?: "ABORTED_DUE_TO_INVALID_CONFIGURATION" | "ERROR_BAD_DATA";
            /**
             * @description The `partialDatasets.types` given at finalize, each once; `[]` once the job was finalized
             *     without them, absent before finalize.
             */
            partialDatasetTypes?: string[];
            /** @description Per-object problems found at finalize (capped; the counters hold the totals). */
            errors?: components["schemas"]["JobObjectError"][];
            bulkFile?: components["schemas"]["BulkFile"];
            /**
             * @description `FINALIZE_PENDING` only, once a finalization run began: the phase it is in. Absent in
             *     every other status.
             */
            phase?: components["schemas"]["SyncJobPhase"];
            /**
             * @description `FINALIZE_PENDING` only: how far the finalization got, 0 to 100 (objects written and
             *     deleted over those known to be written and deleted; see docs/guide/sync-jobs.md). Absent
             *     in every other status.
             */
            percent?: number;
            /** Format: int64 */
            numEntitiesUploaded: number;
            /** Format: int64 */
            numEntitiesCreated: number;
            /** Format: int64 */
            numEntitiesUpdated: number;
            /** Format: int64 */
            numEntitiesDeleted: number;
            /**
             * Format: int64
             * @description Entities that could not be updated (e.g. a PATCH target that does not exist).
             */
            numEntityUpdateErrors: number;
            /** Format: int64 */
            numRelationshipsUploaded: number;
            /** Format: int64 */
            numRelationshipsCreated: number;
            /** Format: int64 */
            numRelationshipsUpdated: number;
            /** Format: int64 */
            numRelationshipsDeleted: number;
            /**
             * Format: int64
             * @description Relationships not created because an end was missing or soft deleted.
             */
            numRelationshipCreateErrors: number;
            /** Format: int64 */
            numMappedRelationshipsUploaded: number;
            /**
             * Format: int64
             * @description Raw-data versions the job stored at finalize: one per `_rawData` entry whose content
             *     differed from the entry's latest version (identical content adds none).
             */
            numRawDataVersionsCreated: number;
        };
        /**
         * @description A finalization phase, in this order: `bulk-file` (reading the bulk upload file into
         *     staging), `entities`, `delete-entities` (`DIFF`: soft delete of the scope's entities the job
         *     did not upload), `relationships`, `delete-relationships`, `finish` (the final status and
         *     counters). A run takes only the phases its job needs.
         * @enum {string}
         */
        SyncJobPhase: "bulk-file" | "entities" | "delete-entities" | "relationships" | "delete-relationships" | "finish";
        SyncJobPhaseProgress: {
            name: components["schemas"]["SyncJobPhase"];
            /**
             * @description Objects written (`entities`, `relationships`) or soft deleted (the delete phases) so far;
             *     bytes read for `bulk-file`; 1 once `finish` is done.
             */
            done: number;
            /**
             * @description How many there are: the uploaded objects for `entities` and `relationships`, the file's
             *     size for `bulk-file`, 1 for `finish`; null for a delete phase until it is complete.
             */
            total: number | null;
        };
        /** @description The `data` of each `progress` event of `streamSyncJobProgress` (one line of JSON). */
        SyncJobProgressEvent: {
            jobId: string;
            status: components["schemas"]["SyncJobStatus"];
            /** @description The current phase while `FINALIZE_PENDING` and a run has begun, else null. */
            phase: components["schemas"]["SyncJobPhase"] | null;
            /** @description As the job's `percent` while `FINALIZE_PENDING`, else null. */
            percent: number | null;
            /** @description The phases of the job's (latest) finalization run, in order; empty before finalize. */
            phases: components["schemas"]["SyncJobPhaseProgress"][];
            /** @description The job's counters so far (the `num...` fields of `SyncJob`). */
            counters: {
                [key: string]: number;
            };
            /** @description True on the last event (the job is `FINISHED`, `ABORTED`, `FAILED` or `ERROR`). */
            final: boolean;
        };
        SyncJobListResponse: {
            jobs: components["schemas"]["SyncJob"][];
            /** @description Present when more jobs follow; pass it as `cursor` for the next page. */
            cursor?: string;
        };
        BulkUploadUrlResponse: {
            /**
             * @description Where to `PUT` the job's file (`putSyncJobBulkFile`); use it exactly as given.
             * @example http://127.0.0.1:8080/persister/synchronization/bulk-uploads/7a5eb83f-03d3-4651-a8fd-ddff9da98757?accountId=local&expiresAt=1795356756539&signature=3q0V2n3Gm0N5wP3JmKk8m7gq8yH2lR6W9cF1bX4tZ0s
             */
            uploadUrl: string;
            /**
             * Format: int64
             * @description Epoch milliseconds; the URL is refused (403) from then on.
             * @example 1795356756539
             */
            expiresAt: number;
        };
        /**
         * Format: binary
         * @description A file with the structure of `SyncJobUploadRequest`, in JSON, CSV or YAML.
         */
        BulkFileContent: string;
        /**
         * @description The job's bulk file as received (stored as sent, still compressed if it was). It is
         *     validated and applied at finalize.
         */
        BulkFile: {
            /**
             * Format: int64
             * @description Bytes received (as sent).
             */
            size: number;
            /**
             * Format: int64
             * @description Epoch milliseconds.
             */
            uploadedAt: number;
            /** @description The Content-Type it was sent with, if any. */
            contentType?: string;
            /**
             * @description Its compression, if it was sent compressed.
             * @enum {string}
             */
            contentEncoding?: "gzip" | "br" | "deflate";
            /** @description The `Content-Disposition` filename it was sent with, if any. */
            fileName?: string;
        };
        BulkFileResponse: {
            bulkFile: components["schemas"]["BulkFile"];
        };
        SyncJobResponse: {
            job: components["schemas"]["SyncJob"];
        };
        /**
         * @description `source` is required; every other field is optional. Any field may be `null`, which means
         *     unset. The service checks the values and their combination and answers 400
         *     `VALIDATION_ERROR` naming the problem (e.g. `source is required`); the allowed values are
         *     documented per field.
         * @example {
         *       "source": "api",
         *       "scope": "my-scope",
         *       "syncMode": "DIFF"
         *     }
         */
        StartSyncJobRequest: {
            /**
             * @description Required. `api` for ad hoc data, `integration-external` for a custom integration
             *     (needs `integrationInstanceId`), `integration-managed`, or `system-internal`. Only `api`
             *     and `system-internal` jobs may carry a `scope`.
             */
            source?: string | null;
            /**
             * @description Any non-empty string. Later jobs with the same scope update the same data; data outside
             *     the scope is never touched. Required for `api` jobs in `DIFF` and `CROSS_SCOPE` mode.
             */
            scope?: string | null;
            /**
             * @description `DIFF` (default), `PATCH`, `PUT`, `CROSS_SCOPE` or `OVERRIDE` (see `SyncMode`). `PUT`
             *     and `OVERRIDE` must be enabled for the account. `CREATE_OR_UPDATE` is deprecated and
             *     rejected with 400 `CREATE_OR_UPDATE sync mode is deprecated and no longer functions`.
             */
            syncMode?: string | null;
            /**
             * @description The integration instance the data belongs to; required for `integration-external`. It
             *     need not be registered with graphsync.
             */
            integrationInstanceId?: string | null;
            /** @description The integration's own run id, kept on the job. */
            integrationJobId?: string | null;
            /**
             * @description `true`: an object uploaded twice to this job (same `_key`) replaces the earlier one
             *     instead of being a 400. Default `false`.
             */
            ignoreDuplicates?: boolean | null;
            /**
             * @description The delete guard for this job, overriding its account's (`PUT /account/delete-guard`):
             *     the largest share, in percent (0 to 100), of the scope's live entities, and of its live
             *     relationships, that this `DIFF` may delete. `100` turns the guard off for this job.
             */
            deleteGuardPercent?: number | null;
        };
        /**
         * @description The delete guard's limit: the largest share, in percent (0 to 100), of a scope's live
         *     entities, and separately of its live relationships, that one `DIFF` job may delete. `0`: a
         *     DIFF may delete nothing; `100`: no limit.
         */
        DeleteGuardPercent: number;
        DeleteTotals: {
            /** @description Live objects of the scope before the finalization. */
            live: number;
            /** @description How many of them the finalization would delete. */
            deletes: number;
        };
        /**
         * @description What the delete guard did with the job: `stopped` it (the job is `FAILED`, nothing was
         *     changed, its staged data is kept: finalize again with `?allowDeletes=true` to apply it),
         *     `forced` (a stopped job finalized again with `?allowDeletes=true`), or `expired` (a stopped
         *     job's staged data was removed after SYNC_JOB_TTL; it can no longer be forced).
         */
        SyncJobDeleteGuard: {
            /** @enum {string} */
            state: "stopped" | "forced" | "expired";
            percent: components["schemas"]["DeleteGuardPercent"];
            entities: components["schemas"]["DeleteTotals"];
            relationships: components["schemas"]["DeleteTotals"];
        };
        /** @description The account's delete guard; `percent` null when it is off (the default). */
        AccountDeleteGuard: {
            percent: components["schemas"]["DeleteGuardPercent"] | null;
        };
        /**
         * @example {
         *       "deleteGuard": {
         *         "percent": 20
         *       }
         *     }
         */
        AccountDeleteGuardResponse: {
            deleteGuard: components["schemas"]["AccountDeleteGuard"];
        };
        PreviewSample: {
            /** @description The object's `_key` (null for a PATCH entity named by `_id` only). */
            key: string | null;
            /** @description Updates only, the names of the properties the update changes. */
            changed?: string[];
        };
        PreviewCounts: {
            create: number;
            update: number;
            delete: number;
            /** @description Uploaded objects whose stored content is the same. */
            unchanged: number;
            /** @description Uploaded objects that would not be written (numEntityUpdateErrors, ...). */
            errors: number;
            /** @description Up to 5 objects of each outcome. */
            samples: {
                create: components["schemas"]["PreviewSample"][];
                update: components["schemas"]["PreviewSample"][];
                delete: components["schemas"]["PreviewSample"][];
                unchanged: components["schemas"]["PreviewSample"][];
            };
        };
        /**
         * @description What finalizing the job now would do, computed by the finalization's own classification
         *     code without writing anything. `totals` holds the job counters the finalize would report
         *     (`numEntitiesCreated` ...) plus the unchanged counts; `entities` and `relationships` break
         *     them down per `_type`.
         */
        FinalizePreview: {
            jobId: string;
            syncMode: components["schemas"]["SyncMode"];
            scope: string | null;
            totals: {
                numEntitiesCreated: number;
                numEntitiesUpdated: number;
                numEntitiesDeleted: number;
                numEntitiesUnchanged: number;
                numEntityUpdateErrors: number;
                numRelationshipsCreated: number;
                numRelationshipsUpdated: number;
                numRelationshipsDeleted: number;
                numRelationshipsUnchanged: number;
                numRelationshipCreateErrors: number;
            };
            /** @description Per `_type`. */
            entities: {
                [key: string]: components["schemas"]["PreviewCounts"];
            };
            /** @description Per `_type`. */
            relationships: {
                [key: string]: components["schemas"]["PreviewCounts"];
            };
            /** @description DIFF with a delete guard set (on the job or its account) only. */
            deleteGuard?: {
                percent: components["schemas"]["DeleteGuardPercent"];
                wouldStop: boolean;
            };
        };
        /**
         * @example {
         *       "preview": {
         *         "jobId": "7a5eb83f-03d3-4651-a8fd-ddff9da98757",
         *         "syncMode": "DIFF",
         *         "scope": "guide-safe",
         *         "totals": {
         *           "numEntitiesCreated": 1,
         *           "numEntitiesUpdated": 1,
         *           "numEntitiesDeleted": 2,
         *           "numEntitiesUnchanged": 1,
         *           "numEntityUpdateErrors": 0,
         *           "numRelationshipsCreated": 0,
         *           "numRelationshipsUpdated": 0,
         *           "numRelationshipsDeleted": 0,
         *           "numRelationshipsUnchanged": 0,
         *           "numRelationshipCreateErrors": 0
         *         },
         *         "entities": {
         *           "guide_db": {
         *             "create": 1,
         *             "update": 1,
         *             "delete": 2,
         *             "unchanged": 1,
         *             "errors": 0,
         *             "samples": {
         *               "create": [
         *                 {
         *                   "key": "db-5"
         *                 }
         *               ],
         *               "update": [
         *                 {
         *                   "key": "db-2",
         *                   "changed": [
         *                     "tier"
         *                   ]
         *                 }
         *               ],
         *               "delete": [
         *                 {
         *                   "key": "db-3"
         *                 },
         *                 {
         *                   "key": "db-4"
         *                 }
         *               ],
         *               "unchanged": [
         *                 {
         *                   "key": "db-1"
         *                 }
         *               ]
         *             }
         *           }
         *         },
         *         "relationships": {},
         *         "deleteGuard": {
         *           "percent": 20,
         *           "wouldStop": true
         *         }
         *       }
         *     }
         */
        FinalizePreviewResponse: {
            preview: components["schemas"]["FinalizePreview"];
        };
        /**
         * @description An entity to upload. System properties start with `_`; every other property is a custom
         *     property. Which system properties are required depends on the job's `syncMode`:
         *
         *     - `DIFF` and `PUT`: `_key`, `_type` and `_class` (`/entities/0/_key is required`). `PUT`
         *       rejects `_id`.
         *     - `PATCH`: `_key` or `_id` when the job has a scope, `_id` when it has none. A `null` value
         *       clears the property. A job with a scope (or integration instance) updates entities of
         *       that scope only: an `_id` of another scope is not written and, like a missing target,
         *       counts in `numEntityUpdateErrors` and is named in the job's `errors`.
         *     - `OVERRIDE`: `_id`, or `_type` + `_key` (and optionally `_scope`) of an existing entity
         *       anywhere in the account, or in the job's scope when it has one; the values given are
         *       written and pinned (listed in the entity's `_overrides`): later `PUT`, `PATCH` and `DIFF`
         *       writes keep them. A `null` value unpins. A target that is missing, deleted, ambiguous
         *       (several scopes hold that `_type` + `_key`) or outside the job's scope counts in
         *       `numEntityUpdateErrors` and is named in the job's `errors`. At most
         *       10000 entities per job, counted across batches and the bulk file (400 `OVERRIDE sync jobs
         *       are limited to 10000 entities per job`). `_class` is accepted but not written;
         *       `_rawData` is stored on the target as in every mode.
         *     - `CROSS_SCOPE`: entities are rejected.
         *
         *     Custom properties: the name must not start with `_` (400 `/entities/0 (entity key: '<key>')
         *     has invalid property name '_internal'`); a value is a string, number, boolean, null, or an
         *     array of strings, of numbers or of booleans. Nested objects (other than `_rawData`) and
         *     mixed-type arrays are rejected; with `?ignoreIllegalProperties=true` such properties are
         *     dropped instead.
         * @example {
         *       "_key": "host-1",
         *       "_type": "example_host",
         *       "_class": "Host",
         *       "displayName": "host-1",
         *       "ipAddress": "10.0.0.1",
         *       "_rawData": [
         *         {
         *           "name": "default",
         *           "rawData": {
         *             "id": 1
         *           }
         *         }
         *       ]
         *     }
         */
        UploadedEntity: {
            /**
             * @description String, unique within the scope, at most 7000 characters: Unicode code points, of any
             *     script (7000 `é` or 7000 emoji are taken); one more is a 400 `/entities/0/_key: maximum
             *     length exceeded`.
             */
            _key?: string;
            /**
             * @description String, the entity's type in snake_case, e.g. `aws_instance`; at most 7000 characters.
             *     Types are indexed as they are, so a type's UTF-8 form must also be at most 7000 bytes:
             *     400 `/entities/0/_type: too large to store: <n> bytes of UTF-8, and the graph's type
             *     index holds at most 7000`.
             */
            _type?: string;
            /**
             * @description TitleCase string, or array of 1 to 5 such strings, e.g. `Host` or `["Application",
             *     "Service"]`. Anything else is 400 `/entities/0/_class (entity key: '<key>') has invalid
             *     type. Valid types are string or array of strings.` Classes become Neo4j labels, so each
             *     holds only ASCII letters, digits and underscores and does not start with a digit (400
             *     `/entities/0/_class (entity key: '<key>') has invalid class 'Code Repo': a class becomes
             *     a Neo4j label, so it may hold only ASCII letters, digits and underscores and must not
             *     start with a digit`); one starting with `_` is reserved (400 `/entities/0/_class
             *     (entity key: '<key>') must not start with '_' (reserved for graphsync)`).
             *     `?ignoreIllegalProperties=true` does not drop a class.
             */
            _class?: components["schemas"]["EntityClasses"];
            /**
             * @description String, the `_id` of an existing entity. `PATCH` and `OVERRIDE` only. In a job with a
             *     scope (or integration instance) the entity must be of that scope; one of another scope
             *     is not written (`numEntityUpdateErrors`).
             */
            _id?: string;
            /** @description String, the scope of the target entity. `OVERRIDE` only. */
            _scope?: string;
            /**
             * @description String (or `null`), the name shown to people. Any other type is 400
             *     `/entities/0/displayName (entity key: '<key>') has invalid type. Valid types are string
             *     or null.` (dropped instead with `?ignoreIllegalProperties=true`).
             */
            displayName?: string | null;
            /**
             * @description String (or `null`), the person or thing responsible for the entity; other types as for
             *     `displayName`.
             */
            owner?: string | null;
            /**
             * @description Raw data entries kept (versioned) with the entity; the only nested object allowed.
             *     Either the array form `[{ "name": "default", "rawData": { ... } }]` (sent by the SDK),
             *     or the object form `{ "<name>": { "body": <JSON or string>, "contentType": "<type>" } }`.
             *     Names are non-empty strings of at most 1024 characters; `contentType` is a media type
             *     (default `application/json`; anything else is 400 `/entities/0/_rawData/<name>/contentType
             *     (entity key: '<key>') '<value>' is not a media type ...`). A string body is stored
             *     verbatim, any other body as its JSON text. At finalize (DIFF, PUT, PATCH and OVERRIDE
             *     alike) each entry whose content or content type differs from its latest version gets a
             *     new version (`numRawDataVersionsCreated`); read them with the `raw-data` operations.
             */
            _rawData?: unknown;
        } & {
            [key: string]: unknown;
        };
        /** @description An entity's class (`Host`) or classes (1 to 5, `["Application", "Service"]`). */
        EntityClasses: string | string[];
        /**
         * @description A relationship to upload. `_key`, `_type` and `_class` are always required. A standard
         *     relationship names its ends by `_fromEntityKey` and `_toEntityKey` (entities in the job's
         *     scope) or by `_fromEntityId` and `_toEntityId` (entities anywhere; not in `DIFF` or
         *     `CROSS_SCOPE`); a mapped relationship (`PUT` and `DIFF`) gives `_mapping` instead of the
         *     four end fields and counts in `numMappedRelationshipsUploaded` (not in
         *     `numRelationshipsUploaded`). `CROSS_SCOPE` relationships name each end by its scope and key:
         *     `_fromEntityScope` + `_fromEntityKey` and `_toEntityScope` + `_toEntityKey`, two different
         *     scopes (400 `/relationships/0 (relationship key: '<key>') is not a cross-scope
         *     relationship: _fromEntityScope and _toEntityScope are equal`); each `CROSS_SCOPE` job's
         *     relationships replace those that earlier `CROSS_SCOPE` jobs of the same job scope wrote.
         *     Whatever scopes its ends are in, a relationship belongs to the job's scope (its `_scope`):
         *     a relationship of another scope with the same `_key` is neither updated nor deleted, and
         *     the end entities are not changed. Relationships are rejected in `PATCH` (`Relationships
         *     are not allowed in PATCH jobs`) and `OVERRIDE` (`Relationship uploads are not allowed for
         *     OVERRIDE sync jobs`) jobs. Custom properties follow the entity rules, except that arrays are
         *     not allowed.
         * @example {
         *       "_key": "host-1|runs|app-1",
         *       "_type": "example_host_runs_app",
         *       "_class": "RUNS",
         *       "_fromEntityKey": "host-1",
         *       "_toEntityKey": "app-1"
         *     }
         */
        UploadedRelationship: {
            /**
             * @description String, unique within the scope; the same length limit as an entity's `_key` (7000
             *     characters of any script).
             */
            _key?: string;
            /**
             * @description String, snake_case, e.g. `aws_instance_uses_volume`; the same limits as an entity's
             *     `_type`.
             */
            _type?: string;
            /**
             * @description String in capitals, usually a verb, e.g. `USES`, `HAS`, `RUNS`. It becomes the Neo4j
             *     relationship type, so it holds only ASCII letters, digits and underscores and does not
             *     start with a digit (400 `/relationships/0/_class (relationship key: '<key>') has invalid
             *     class 'HAS MANY': a relationship class becomes a Neo4j relationship type, so it may hold
             *     only ASCII letters, digits and underscores and must not start with a digit`).
             */
            _class?: string;
            /** @description String, the `_key` of the from-side entity (in the job's scope). */
            _fromEntityKey?: string;
            /** @description String, the `_key` of the to-side entity (in the job's scope). */
            _toEntityKey?: string;
            /** @description String, the `_id` of the from-side entity. Not in `DIFF`. */
            _fromEntityId?: string;
            /** @description String, the `_id` of the to-side entity. Not in `DIFF`. */
            _toEntityId?: string;
            /** @description String, the scope of the from-side entity. Required in `CROSS_SCOPE`. */
            _fromEntityScope?: string;
            /** @description String, the scope of the to-side entity. Required in `CROSS_SCOPE`. */
            _toEntityScope?: string;
            /**
             * @description Object, for a mapped relationship (`PUT` and `DIFF` jobs):
             *     - `sourceEntityKey` (string, required): `_key` of the source entity in the job's scope.
             *     - `targetFilterKeys` (required): array of arrays of property names, each named in
             *       `targetEntity`. A target is a live entity anywhere in the account whose properties
             *       equal `targetEntity`'s for all names of any one list (`_class` matches when the
             *       entity has those classes).
             *     - `targetEntity` (object, required): properties of the target: custom ones plus
             *       `_type`, `_class` (both required unless `skipTargetCreation`; the classes follow the
             *       entity rule, as they become labels) and optionally `_key`.
             *     - `skipTargetCreation` (boolean, default false): when nothing matches, create no
             *       placeholder target (and so no relationship).
             *     - `relationshipDirection`: `FORWARD` (source -> target, default) or `REVERSE`.
             *
             *     One relationship (with this `_key`) is written per matched target. Without a match a
             *     placeholder target is created in the reserved scope `system-mapper` (`_source`
             *     `system-mapper`); a real entity uploaded later with the placeholder's `_type` and
             *     `_key` adopts it (same `_id`, relationships kept). In `DIFF`, mapped relationships of
             *     the scope that the job did not upload again are deleted. Errors point into the
             *     mapping, e.g. `/relationships/0/_mapping/targetFilterKeys/0 names 'email', which
             *     targetEntity does not have`.
             */
            _mapping?: components["schemas"]["RelationshipMapping"];
            /** @description String, the name shown to people. */
            displayName?: string | null;
        } & {
            [key: string]: unknown;
        };
        /** @description One raw data entry in the array form that the JupiterOne SDK sends. */
        RawDataEntryUpload: {
            name: string;
            /** @description The entry's content, any JSON value (stored as its JSON text). */
            rawData: components["schemas"]["AnyJsonValue"];
        };
        /** @description One raw data entry in the object form, under its name. */
        RawDataBodyUpload: {
            /** @description Any JSON value; a string is stored verbatim, anything else as its JSON text. */
            body: components["schemas"]["AnyJsonValue"];
            /** @description A media type; default `application/json`. */
            contentType?: string;
        };
        /**
         * @description A mapped relationship's target (`_mapping`, `PUT` and `DIFF` jobs): see `_mapping` on
         *     `UploadedRelationship`.
         */
        RelationshipMapping: {
            sourceEntityKey: string;
            targetFilterKeys: string[][];
            targetEntity: {
                _key?: string;
                _type?: string;
                _class?: components["schemas"]["EntityClasses"];
            } & {
                [key: string]: unknown;
            };
            /** @default false */
            skipTargetCreation: boolean;
            /**
             * @default FORWARD
             * @enum {string}
             */
            relationshipDirection: "FORWARD" | "REVERSE";
        };
        /** @description Any JSON value. */
        AnyJsonValue: unknown;
        /**
         * @description One batch: at least one entity or one relationship (400 `An upload must contain at least one
         *     entity or relationship`; an empty array sent alone is named: `entities must have minimum 1
         *     item`, `relationships must have minimum 1 item`). An empty `entities` array is refused next
         *     to relationships too; an empty `relationships` array next to entities is accepted (the
         *     Python client sends one). `deleteEntities` and `deleteRelationships` (sent by the bulk
         *     delete of older clients) are rejected with a 400 that points to the entity mutation API.
         * @example {
         *       "entities": [
         *         {
         *           "_key": "host-1",
         *           "_type": "example_host",
         *           "_class": "Host",
         *           "displayName": "host-1"
         *         },
         *         {
         *           "_key": "app-1",
         *           "_type": "example_app",
         *           "_class": [
         *             "Application",
         *             "Service"
         *           ],
         *           "displayName": "app-1"
         *         }
         *       ],
         *       "relationships": [
         *         {
         *           "_key": "host-1|runs|app-1",
         *           "_type": "example_host_runs_app",
         *           "_class": "RUNS",
         *           "_fromEntityKey": "host-1",
         *           "_toEntityKey": "app-1"
         *         }
         *       ]
         *     }
         */
        SyncJobUploadRequest: {
            /** @description Entities. `null` is the same as absent. */
            entities?: null | components["schemas"]["UploadedEntity"][];
            /** @description Relationships. `null` is the same as absent. */
            relationships?: null | components["schemas"]["UploadedRelationship"][];
            /**
             * @description Not supported: a non-null value is 400 `deleteEntities and deleteRelationships are not
             *     supported in sync job uploads: ...`. Delete entities with `DELETE /entities/{id}` and
             *     change them with `PATCH /entities/{id}`.
             */
            deleteEntities?: null | unknown[];
            /** @description Not supported (see `deleteEntities`). */
            deleteRelationships?: null | unknown[];
        };
        /**
         * @description An upload as CSV (`text/csv`; UTF-8, comma-separated, quoted with `"` as in RFC 4180). The
         *     first record is the header, one column per property (`_key`, `_type`, `_class`,
         *     `displayName`, ...); each later record is one object:
         *
         *     - a **relationship** when any of `_fromEntityKey`, `_fromEntityId`, `_toEntityKey`,
         *       `_toEntityId` has a value in that row, an **entity** otherwise;
         *     - an empty cell is an absent property; blank lines, and rows whose cells are all empty,
         *       are skipped;
         *     - a cell whose whole text is a JSON number literal becomes that number (`42`, `-1.5`,
         *       `2e3`; not `007`, `+1` or ` 1`, and not an integer beyond ±9007199254740991, which stays
         *       text so that long ids keep their digits); `true` and `false` become booleans; any other
         *       cell is text;
         *     - a cell whose whole text is a JSON array is that array, written with doubled quotes inside
         *       the quoted cell: `"[""a"",""b""]"`. An array may also be spread over the columns
         *       `name.0`, `name.1`, ... (zero-indexed): its items are the row's non-empty cells in index
         *       order, converted when all convert to the same type, all text otherwise;
         *     - `_`-prefixed system columns (`_key`, `_type`, `_fromEntityKey`, ...), `displayName` and
         *       `owner` are never converted; `_class` may hold a JSON array or be spread over `_class.0`,
         *       `_class.1`, ...;
         *     - a file of relationship rows only is a relationships upload (no empty `entities` array),
         *       and one of entity rows only an entities upload.
         *
         *     Objects (`_rawData`, `_mapping`) cannot be written in CSV; use JSON or YAML for them.
         *     Validation is that of JSON, with the same messages, prefixed by the line of the file where
         *     the object starts (the header is line 1); the pointer counts entity rows and relationship
         *     rows apart: `CSV line 3: /entities/1/_key is required`. Malformed CSV is 400 naming the
         *     line as well, e.g. `CSV line 4: 2 fields, but the header has 3`.
         * @example _key,_type,_class,displayName,port,public,tags.0,tags.1
         *     host-1,example_host,Host,host-1,443,true,prod,web
         *     app-1,example_app,"[""Application"",""Service""]",app-1,,false,,
         */
        SyncJobUploadCsv: string;
        /**
         * @description An upload as YAML (`application/yaml`; `text/yaml` and `application/x-yaml` are accepted
         *     too): one document holding a mapping with the structure of the JSON body (`entities`,
         *     `relationships`), read with the YAML 1.2 core schema (`yes` stays a string; there are no
         *     dates). Validation and its messages are exactly those of JSON. A document that is not a
         *     mapping, more than one document, a syntax error (`YAML line 2: ...`) or more than 100
         *     aliases is 400.
         * @example entities:
         *       - _key: host-1
         *         _type: example_host
         *         _class: Host
         *         displayName: host-1
         */
        SyncJobUploadYaml: string;
        /**
         * @description One batch of entities (at least one).
         * @example {
         *       "entities": [
         *         {
         *           "_key": "host-1",
         *           "_type": "example_host",
         *           "_class": "Host",
         *           "displayName": "host-1"
         *         }
         *       ]
         *     }
         */
        SyncJobEntitiesRequest: {
            /**
             * @description Required, with at least one entity (`entities is required`, `entities must have minimum
             *     1 item`).
             */
            entities?: null | components["schemas"]["UploadedEntity"][];
        };
        /**
         * @description One batch of relationships (at least one).
         * @example {
         *       "relationships": [
         *         {
         *           "_key": "host-1|runs|app-1",
         *           "_type": "example_host_runs_app",
         *           "_class": "RUNS",
         *           "_fromEntityKey": "host-1",
         *           "_toEntityKey": "app-1"
         *         }
         *       ]
         *     }
         */
        SyncJobRelationshipsRequest: {
            /** @description Required, with at least one relationship (`relationships must have minimum 1 item`). */
            relationships?: null | components["schemas"]["UploadedRelationship"][];
        };
        /**
         * @description Optional; `{}` and no body at all mean the same.
         * @example {
         *       "partialDatasets": {
         *         "types": [
         *           "aws_s3_bucket"
         *         ]
         *       }
         *     }
         */
        FinalizeSyncJobRequest: {
            /**
             * @description Types whose data is known to be incomplete (their step failed upstream). In `DIFF`,
             *     entities and relationships of these `_type`s are not deleted when absent.
             */
            partialDatasets?: {
                /** @description The `_type`s; `null` is the same as none. */
                types?: null | string[];
            } | null;
        };
        /**
         * @description Optional.
         * @example {
         *       "reason": "Step 'Fetch hosts' failed",
         *       "terminalStatus": "ABORTED"
         *     }
         */
        AbortSyncJobRequest: {
            /** @description Why the job is aborted; kept on the job as `abortReason`. `null` is the same as absent. */
            reason?: string | null;
            /**
             * @description How the job ends: `ABORTED` (default), `FAILED` or `ERROR`; or the integration SDK's
             *     `ABORTED_DUE_TO_INVALID_CONFIGURATION` or `ERROR_BAD_DATA`, which end the job
             *     `ABORTED` and are kept on it as `terminalStatus`. The service checks the value (400
             *     for any other).
             */
            terminalStatus?: string | null;
        };
        JobEventInput: {
            /** @description A short machine-readable name, e.g. `step_start` (400 `/events/0/name is required` when missing or empty). */
            name: string;
            /** @description What happened, for people; `''` when absent or `null`. */
            description?: string | null;
        };
        /**
         * @example {
         *       "events": [
         *         {
         *           "name": "step_start",
         *           "description": "Starting step \"Fetch hosts\"..."
         *         }
         *       ]
         *     }
         */
        AddSyncJobEventsRequest: {
            /**
             * @description 1 to 100 events (400 `events must have minimum 1 item`, `events must have at most 100
             *     items`).
             */
            events: components["schemas"]["JobEventInput"][];
        };
        JobEvent: {
            id: string;
            /**
             * Format: int64
             * @description Epoch milliseconds.
             */
            createDate: number;
            name: string;
            description: string;
        };
        /**
         * @example {
         *       "events": [
         *         {
         *           "id": "a7de8ea3-2a0d-4449-9ea9-502d2b877f74",
         *           "createDate": 1795353157749,
         *           "name": "step_start",
         *           "description": "Starting step \"Fetch hosts\"..."
         *         }
         *       ]
         *     }
         */
        JobEventListResponse: {
            events: components["schemas"]["JobEvent"][];
        };
        /**
         * @description A custom property value: a string, number or boolean, or an array of only strings, only
         *     numbers or only booleans.
         */
        EntityPropertyValue: string | number | boolean | string[] | number[] | boolean[];
        /**
         * @description Every custom property, under its stored name: dotted names are flat keys
         *     (`tag.Production`).
         * @example {
         *       "encrypted": false,
         *       "tag.Production": true
         *     }
         */
        CustomProperties: {
            [key: string]: components["schemas"]["EntityPropertyValue"];
        };
        /**
         * @description The entity's system properties (`_`-prefixed) and `displayName`. `_type` and `_class` are
         *     arrays; `_createdOn`, `_beginOn` and `_endOn` are ISO-8601 times. `_overrides` lists the
         *     properties an OVERRIDE job pinned. graphsync's own bookkeeping is not shown.
         * @example {
         *       "_id": "0b9c3f3e-5d1a-4b8e-9c61-3f2a7d4e8b10",
         *       "_key": "host-1",
         *       "_type": [
         *         "example_host"
         *       ],
         *       "_class": [
         *         "Host"
         *       ],
         *       "_accountId": "local",
         *       "_scope": "my-scope",
         *       "_source": "api",
         *       "_version": 2,
         *       "_deleted": false,
         *       "_createdOn": "2025-06-01T10:00:00.000Z",
         *       "_beginOn": "2025-06-02T08:30:00.000Z",
         *       "displayName": "Host 1"
         *     }
         */
        EntityMetadata: {
            _id: string;
            _key: string;
            _type: string[];
            _class: string[];
            _accountId?: string;
            _scope?: string;
            _source?: string;
            _integrationInstanceId?: string;
            /** Format: int64 */
            _version?: number;
            _deleted?: boolean;
            /** Format: date-time */
            _createdOn?: string;
            /** Format: date-time */
            _beginOn?: string;
            /**
             * Format: date-time
             * @description When it was soft deleted; only on deleted entities.
             */
            _endOn?: string;
            _overrides?: string[];
            displayName?: components["schemas"]["EntityPropertyValue"];
        } & {
            [key: string]: unknown;
        };
        /**
         * Alert rule
         * @description A rule as clients send it (`POST /rules`, `PUT /rules/{ruleId}`, `POST /rules/validate`, the `rule` of a dry run):
         *     the rule JSON of docs/guide/rules.md, with the action type names and field names of real-world rules beside the
         *     standard ones, and the read-only fields of a stored rule (accepted, then dropped). A top-level `null` reads as
         *     "not given". After this schema the service checks what one field cannot say (exactly one of `question` and
         *     `questionId`, a field and its alias, a webhook `body` only with POST, PUT or PATCH, a literal `alertLevel`), then
         *     parses every template and every J1QL query; each 400 message starts with the JSON pointer of the offending field.
         *
         *     `x-error` (what the value must be, in words) and `x-name` (what an object is called when it refuses a property)
         *     are the words of those 400 messages.
         * @example {
         *       "name": "unencrypted-buckets",
         *       "pollingInterval": "ONE_DAY",
         *       "question": {
         *         "queries": [
         *           {
         *             "query": "FIND aws_s3_bucket WITH encrypted != true"
         *           }
         *         ]
         *       },
         *       "operations": [
         *         {
         *           "when": {
         *             "type": "FILTER",
         *             "condition": "{{queries.query0.total > 0}}"
         *           },
         *           "actions": [
         *             {
         *               "type": "SET_PROPERTY",
         *               "targetProperty": "alertLevel",
         *               "targetValue": "HIGH"
         *             },
         *             {
         *               "type": "CREATE_ALERT"
         *             }
         *           ]
         *         }
         *       ]
         *     }
         */
        RuleRequest: {
            /** @description Unique per account; 1 to 256 characters, not blank. */
            name: string;
            /** @description Free text. */
            description?: string | null;
            /**
             * @description 1 (0, what older stored rules carry, is read as 1).
             * @enum {integer|null}
             */
            specVersion?: 1 | 0 | null;
            /**
             * @description How often the rule runs on its own; ONE_DAY when not given.
             * @enum {unknown}
             */
            pollingInterval?: "DISABLED" | "THIRTY_MINUTES" | "ONE_HOUR" | "FOUR_HOURS" | "EIGHT_HOURS" | "TWELVE_HOURS" | "ONE_DAY" | "ONE_WEEK" | null;
            /** @description The rule's own queries; exactly one of `question` and `questionId` is given. */
            question?: components["schemas"]["RuleQuestion"];
            /** @description The `id` of a stored question (`/questions`) to run instead of an own `question`. */
            questionId?: string | null;
            /** @description What to do with the results: each operation's actions run when its condition holds. */
            operations: components["schemas"]["RuleOperation"][];
            /** @description Named templates that `{{...}}` expressions can use (`mapTemplate`). */
            templates?: {
                [key: string]: string;
            } | null;
            /** @description Context paths recorded with each evaluation, e.g. `queries.query0.total`. */
            outputs?: null | string[];
            /** @description Send a notification when an evaluation fails (false when not given). */
            notifyOnFailure?: boolean | null;
            /** @description Run the actions only when the results hold entities the previous evaluation did not (false when not given). */
            triggerActionsOnNewEntitiesOnly?: boolean | null;
            /** @description Compare with no previous results. */
            ignorePreviousResults?: boolean | null;
            /** @description Free tags, for listing (`GET /rules?tag=`). */
            tags?: null | string[];
            /** @description Name/value labels, kept as given. */
            labels?: null | components["schemas"]["RuleLabel"][];
            /** @description Free text for whoever handles the alert. */
            remediationSteps?: string | null;
            /** @description Kept as given. */
            resourceGroupId?: string | null;
            /** @description Read-only field of a stored rule: accepted (so a rule read back can be sent back) and dropped. */
            id?: unknown;
            /** @description Read-only field of a stored rule: accepted (so a rule read back can be sent back) and dropped. */
            accountId?: unknown;
            /** @description Read-only field of a stored rule: accepted (so a rule read back can be sent back) and dropped. */
            version?: unknown;
            /** @description Read-only field of a stored rule: accepted (so a rule read back can be sent back) and dropped. */
            type?: unknown;
            /** @description Read-only field of a stored rule: accepted (so a rule read back can be sent back) and dropped. */
            latest?: unknown;
            /** @description Read-only field of a stored rule: accepted (so a rule read back can be sent back) and dropped. */
            deleted?: unknown;
            /** @description Read-only field of a stored rule: accepted (so a rule read back can be sent back) and dropped. */
            latestAlertId?: unknown;
            /** @description Read-only field of a stored rule: accepted (so a rule read back can be sent back) and dropped. */
            latestAlertIsActive?: unknown;
            /** @description Read-only field of a stored rule: accepted (so a rule read back can be sent back) and dropped. */
            evaluationStep?: unknown;
            /** @description Read-only field of a stored rule: accepted (so a rule read back can be sent back) and dropped. */
            state?: unknown;
            /** @description Read-only field of a stored rule: accepted (so a rule read back can be sent back) and dropped. */
            createdOn?: unknown;
            /** @description Read-only field of a stored rule: accepted (so a rule read back can be sent back) and dropped. */
            updatedOn?: unknown;
            /** @description Read-only field of a stored rule: accepted (so a rule read back can be sent back) and dropped. */
            lastUpdatedOn?: unknown;
        } & {
            [key: string]: unknown;
        };
        /** @description A rule's own question: one or more J1QL queries, run in order at each evaluation; their results are `queries.<name>` in templates and conditions. */
        RuleQuestion: {
            /** @description 1 to 20 queries, as a stored question's (the largest rule of the corpus has 4). */
            queries: components["schemas"]["RuleQuery"][];
        } | null;
        /**
         * @description One query of a question (a rule's own or a stored question's).
         * @example {
         *       "name": "buckets",
         *       "query": "FIND aws_s3_bucket WITH encrypted != true"
         *     }
         */
        RuleQuery: {
            /** @description `[A-Za-z0-9_]+`; `query<index>` (by position) when not given. Results land at `queries.<name>`. */
            name?: string | null;
            /** @description A J1QL query; it must parse (checked at save). */
            query: string;
            /**
             * @description The query language version; v1 when not given.
             * @enum {unknown}
             */
            version?: "v1" | null;
            /** @description Also match deleted entities (false when not given). */
            includeDeleted?: boolean | null;
        };
        /** @description One condition (or a list of them, all of which must hold) and the actions it triggers, run in order. */
        RuleOperation: {
            /** @description A condition, or a non-empty list of conditions that must all hold. */
            when: unknown;
            actions: components["schemas"]["RuleAction"][];
        };
        /**
         * @description When an operation's actions run: a `{{template}}` that must render true, a list condition, or a boolean. `specVersion` and its alias `version` are 1.
         * @example {
         *       "type": "FILTER",
         *       "condition": "{{queries.query0.total > 0}}"
         *     }
         * @example {
         *       "type": "FILTER",
         *       "condition": [
         *         "AND",
         *         [
         *           "queries.query0.total",
         *           ">",
         *           0
         *         ],
         *         [
         *           "queries.query1.total",
         *           "=",
         *           0
         *         ]
         *       ]
         *     }
         */
        RuleCondition: {
            /** @constant */
            type: "FILTER";
            /** @constant */
            specVersion?: 1;
            /** @constant */
            version?: 1;
            /** @description A `{{template}}`, a list condition or a boolean. */
            condition: unknown;
        };
        /**
         * @description A list condition: a comparison `[path, operator, value]`, or a group `[AND|OR, clause, ...]` of clauses, nested.
         * @example [
         *       "queries.query0.total",
         *       ">",
         *       0
         *     ]
         * @example [
         *       "OR",
         *       [
         *         "queries.query0.total",
         *         ">",
         *         0
         *       ],
         *       [
         *         "queries.query1.total",
         *         ">=",
         *         10
         *       ]
         *     ]
         */
        RuleConditionClause: unknown[];
        /** @description One action, by `type`: the standard names, or the aliases of real-world rules (CREATE_JIRA_TICKET, JUPITERONE_QUERY, SEND_SLACK_MESSAGE, PUBLISH_SNS_MESSAGE, SEND_SQS_MESSAGE, REFLEX_SEND_SQS_MESSAGE), stored under the standard name. Any value may be a `{{template}}` rendered at evaluation. */
        RuleAction: components["schemas"]["SetPropertyAction"] | components["schemas"]["CreateAlertAction"] | components["schemas"]["TagEntitiesAction"] | components["schemas"]["SendEmailAction"] | components["schemas"]["CreateTrackerTicketAction"] | components["schemas"]["ForEachItemAction"] | components["schemas"]["ServiceQueryAction"] | components["schemas"]["SendChatMessageAction"] | components["schemas"]["WebhookAction"] | components["schemas"]["PublishTopicMessageAction"] | components["schemas"]["SendQueueMessageAction"];
        /** @description Sets `targetProperty` in the evaluation context (e.g. `alertLevel`: one of AlertLevel or a template). */
        SetPropertyAction: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "SET_PROPERTY";
            id?: string;
            targetProperty: string;
            targetValue: string | number | boolean | null;
        };
        /** @description Opens (or updates) the rule's alert with the results. */
        CreateAlertAction: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "CREATE_ALERT";
            id?: string;
        };
        /** @description Sets or removes (`value: null`) tags on result entities. */
        TagEntitiesAction: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "TAG_ENTITIES";
            id?: string;
            /** @description The result entities to tag (a list), or a `{{template}}` that renders one. */
            entities: unknown;
            tags: components["schemas"]["EntityTags"];
        };
        /** @description Tags to set (`value: null` removes one), or a `{{template}}` that renders them. */
        EntityTags: string | {
            name: string;
            value: string | number | boolean | null;
        }[];
        /** @description Sends an email to `recipients`, through an smtp integration instance or SMTP_URL. */
        SendEmailAction: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "SEND_EMAIL";
            id?: string;
            recipients: components["schemas"]["EmailRecipients"];
            body?: string;
            integrationInstanceId?: string;
        };
        /** @description Email addresses (at least one), or a `{{template}}` that renders them. */
        EmailRecipients: string | string[];
        /** @description Creates a ticket through a jira integration instance (alias CREATE_JIRA_TICKET). */
        CreateTrackerTicketAction: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "CREATE_TRACKER_TICKET" | "CREATE_JIRA_TICKET";
            id?: string;
            integrationInstanceId: string;
            entityClass: string;
            project: string;
            summary: string;
            issueType: string;
            additionalFields?: {
                [key: string]: unknown;
            } | string;
            autoResolve?: boolean | string;
            resolvedStatus?: string;
            updateContentOnChanges?: boolean | string;
        };
        /** @description Runs `actions` once per item of `items`; the item is `itemRef` (default `item`) in their templates. */
        ForEachItemAction: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "FOR_EACH_ITEM";
            id?: string;
            itemRef?: string;
            /** @description The items (a list), or a `{{template}}` that renders one. */
            items: unknown;
            actions: components["schemas"]["RuleAction"][];
        };
        /** @description Runs another J1QL query; its results land at `queries.<name>` (alias JUPITERONE_QUERY). */
        ServiceQueryAction: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "SERVICE_QUERY" | "JUPITERONE_QUERY";
            id?: string;
            name: string;
            query: string;
        };
        /** @description Posts `body` to `channels` through a slack integration instance (alias SEND_SLACK_MESSAGE). */
        SendChatMessageAction: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "SEND_CHAT_MESSAGE" | "SEND_SLACK_MESSAGE";
            id?: string;
            integrationInstanceId: string;
            channels: components["schemas"]["ChatChannels"];
            body: string;
            webhookUrl?: string;
            severity?: string;
            /** @description The message's form: `slack` (Block Kit: a header, the level, entity count and time as fields, the body, up to 10 entities with links, buttons to the alert and the rule, in an attachment coloured by the level) or `text` (plain `{"text": ...}` for other chat webhooks, such as Mattermost or Google Chat). Without it: `slack` through the bot token and for webhooks on hooks.slack.com, `text` for any other webhook URL. */
            format?: string;
        };
        /** @description A channel name starting with `#`, a list of them, or a `{{template}}`. */
        ChatChannels: string | string[];
        /** @description Calls `endpoint` (alias `url`) with `method`; `body` only with POST, PUT or PATCH. */
        WebhookAction: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "WEBHOOK";
            id?: string;
            integrationInstanceId?: string;
            endpoint?: string;
            url?: string;
            method: string;
            headers?: {
                [key: string]: string;
            } | string;
            body?: {
                [key: string]: unknown;
            } | string;
        };
        /** @description Publishes `data` to a topic (`topicResourceName`, alias `topicArn`) through an aws integration instance (alias PUBLISH_SNS_MESSAGE). */
        PublishTopicMessageAction: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "PUBLISH_TOPIC_MESSAGE" | "PUBLISH_SNS_MESSAGE";
            id?: string;
            integrationInstanceId: string;
            topicResourceName?: string;
            topicArn?: string;
            data: {
                [key: string]: unknown;
            } | string;
        };
        /** @description Sends `data` to `queueUrl` through an aws integration instance (aliases SEND_SQS_MESSAGE, REFLEX_SEND_SQS_MESSAGE). */
        SendQueueMessageAction: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "SEND_QUEUE_MESSAGE" | "SEND_SQS_MESSAGE" | "REFLEX_SEND_SQS_MESSAGE";
            id?: string;
            integrationInstanceId: string;
            queueUrl: string;
            data: {
                [key: string]: unknown;
            } | string;
        };
        /** @description A name/value label. */
        RuleLabel: {
            labelName: string;
            labelValue: string;
        };
        /**
         * Rule-pack rule
         * @description The compact rule-pack form (`POST /rules/import`, docs/guide/rules.md "Rule packs"), expanded to a rule (specVersion 1, pollingInterval ONE_DAY, the queries as its question, outputs `queries.query0.total` and `alertLevel`), which is then checked as a RuleRequest.
         * @example {
         *       "name": "public-buckets",
         *       "description": "S3 buckets readable by anyone",
         *       "queries": [
         *         {
         *           "query": "FIND aws_s3_bucket WITH public = true"
         *         }
         *       ],
         *       "alertLevel": "CRITICAL"
         *     }
         */
        RulePackRule: {
            /** @description Checked as a rule's `name`. */
            name: unknown;
            /** @description Checked as a rule's `description`. */
            description?: unknown;
            /** @description The rule's question's queries (RuleQuery, 1 to 20); messages point at `/queries/...`. */
            queries: unknown[];
            /** @description The alert level of the default operation (HIGH when not given); not with `operations`. */
            alertLevel?: components["schemas"]["AlertLevel"];
            /** @description As a rule's. */
            templates?: unknown;
            /** @description As a rule's; without them the default operation alerts when query0 returns anything. */
            operations?: unknown;
            /** @description As a rule's. */
            labels?: unknown;
            /** @description As a rule's. */
            tags?: unknown;
        };
        /**
         * @description A stored rule: its definition normalised (defaults filled in, action aliases and their fields
         *     renamed to the standard ones, unnamed queries named `query<index>`), with the service's
         *     fields. Exactly one of `question` and `questionId` is present.
         */
        Rule: {
            id: string;
            /**
             * Format: int64
             * @description 1 at creation, + 1 on each update.
             */
            version: number;
            name: string;
            description?: string;
            /**
             * Format: int32
             * @enum {integer}
             */
            specVersion: 1;
            /** @enum {string} */
            pollingInterval: "DISABLED" | "THIRTY_MINUTES" | "ONE_HOUR" | "FOUR_HOURS" | "EIGHT_HOURS" | "TWELVE_HOURS" | "ONE_DAY" | "ONE_WEEK";
            question?: components["schemas"]["RuleQuestion"];
            questionId?: string;
            operations: components["schemas"]["RuleOperation"][];
            templates: {
                [key: string]: string;
            };
            outputs: string[];
            notifyOnFailure: boolean;
            triggerActionsOnNewEntitiesOnly: boolean;
            ignorePreviousResults?: boolean;
            tags: string[];
            labels?: components["schemas"]["RuleLabel"][];
            remediationSteps?: string;
            resourceGroupId?: string;
            /**
             * Format: int64
             * @description Epoch ms.
             */
            createdOn: number;
            /**
             * Format: int64
             * @description Epoch ms.
             */
            updatedOn: number;
            /** @description Always `null`, as in JupiterOne's stored rules; graphsync keeps a rule's outcomes in its alerts and evaluation records. Sent back with `PUT`, it is accepted and dropped. */
            state: {
                [key: string]: unknown;
            } | null;
        };
        /**
         * @example {
         *       "rule": {
         *         "id": "9b1e2d3c-4a5b-4c6d-8e7f-0a1b2c3d4e5f",
         *         "version": 2,
         *         "name": "unencrypted-buckets",
         *         "specVersion": 1,
         *         "pollingInterval": "ONE_DAY",
         *         "question": {
         *           "queries": [
         *             {
         *               "name": "query0",
         *               "query": "FIND aws_s3_bucket WITH encrypted != true",
         *               "version": "v1",
         *               "includeDeleted": false
         *             }
         *           ]
         *         },
         *         "operations": [
         *           {
         *             "when": {
         *               "type": "FILTER",
         *               "condition": "{{queries.query0.total > 0}}"
         *             },
         *             "actions": [
         *               {
         *                 "type": "SET_PROPERTY",
         *                 "targetProperty": "alertLevel",
         *                 "targetValue": "HIGH"
         *               },
         *               {
         *                 "type": "CREATE_ALERT"
         *               }
         *             ]
         *           }
         *         ],
         *         "templates": {},
         *         "outputs": [],
         *         "notifyOnFailure": false,
         *         "triggerActionsOnNewEntitiesOnly": false,
         *         "tags": [],
         *         "createdOn": 1748771999400,
         *         "updatedOn": 1748851200000,
         *         "state": null
         *       }
         *     }
         */
        RuleResponse: {
            rule: components["schemas"]["Rule"];
        };
        RuleListResponse: {
            rules: components["schemas"]["Rule"][];
            /** @description Pass as `cursor` for the next page; absent on the last page. */
            cursor?: string;
        };
        DryRunRequest: {
            rule: components["schemas"]["RuleRequest"];
            /**
             * @description Must be `true`; to run a saved rule's actions use `evaluateRule`.
             * @enum {boolean}
             */
            dryRun: true;
        };
        EvaluateRequest: {
            /**
             * @description `true`: run the queries and conditions, render the actions, do nothing.
             * @default false
             */
            dryRun: boolean;
        };
        /**
         * @example {
         *       "evaluation": {
         *         "id": "6a7b8c9d-0e1f-4a2b-9c3d-4e5f6a7b8c9d",
         *         "ruleId": "9b1e2d3c-4a5b-4c6d-8e7f-0a1b2c3d4e5f",
         *         "ruleVersion": 2,
         *         "ruleName": "unencrypted-buckets",
         *         "trigger": "SCHEDULED",
         *         "dryRun": false,
         *         "status": "SUCCESS",
         *         "startedOn": 1748858399710,
         *         "endedOn": 1748858400087,
         *         "durationMs": 377,
         *         "queries": [
         *           {
         *             "name": "query0",
         *             "query": "FIND aws_s3_bucket WITH encrypted != true",
         *             "durationMs": 141,
         *             "total": 3,
         *             "type": "list"
         *           }
         *         ],
         *         "outputs": {},
         *         "operations": [
         *           {
         *             "index": 0,
         *             "conditionResult": true,
         *             "actions": [
         *               {
         *                 "pointer": "/operations/0/actions/0",
         *                 "type": "SET_PROPERTY",
         *                 "status": "SUCCESS",
         *                 "durationMs": 0,
         *                 "inputs": {
         *                   "alertLevel": "HIGH"
         *                 }
         *               },
         *               {
         *                 "pointer": "/operations/0/actions/1",
         *                 "type": "CREATE_ALERT",
         *                 "status": "SUCCESS",
         *                 "durationMs": 73,
         *                 "target": "5d0c1f7e-8b2a-4c3d-9e4f-1a2b3c4d5e6f",
         *                 "inputs": {
         *                   "level": "HIGH"
         *                 },
         *                 "result": {
         *                   "alertId": "5d0c1f7e-8b2a-4c3d-9e4f-1a2b3c4d5e6f",
         *                   "created": false,
         *                   "evaluationCount": 2
         *                 }
         *               }
         *             ]
         *           }
         *         ],
         *         "errors": [],
         *         "entityCount": 3,
         *         "newEntityCount": 0,
         *         "alert": {
         *           "id": "5d0c1f7e-8b2a-4c3d-9e4f-1a2b3c4d5e6f",
         *           "status": "ACTIVE",
         *           "change": "UPDATED"
         *         }
         *       }
         *     }
         */
        EvaluationResponse: {
            evaluation: components["schemas"]["EvaluationRecord"];
        };
        EvaluationListResponse: {
            evaluations: components["schemas"]["EvaluationRecord"][];
            /** @description Pass as `cursor` for the next page; absent on the last one. */
            cursor?: string;
        };
        /** @description What one evaluation of a rule did. */
        EvaluationRecord: {
            id: string;
            /** @description Absent for a dry run of an unsaved rule. */
            ruleId?: string;
            /** Format: int64 */
            ruleVersion?: number;
            ruleName: string;
            /** @enum {string} */
            trigger: "MANUAL" | "SCHEDULED" | "DRY_RUN";
            dryRun: boolean;
            /**
             * @description FAILED when any query, condition, action or output failed (see `errors`).
             * @enum {string}
             */
            status: "SUCCESS" | "FAILED";
            /**
             * Format: int64
             * @description Epoch ms.
             */
            startedOn: number;
            /**
             * Format: int64
             * @description Epoch ms.
             */
            endedOn: number;
            /** Format: int64 */
            durationMs: number;
            /** @description Each query run, the rule's then SERVICE_QUERY actions', in order. */
            queries: {
                name: string;
                query: string;
                /**
                 * Format: int64
                 * @description Rows (vertices for a tree); absent when the query failed.
                 */
                total?: number;
                /** @enum {string} */
                type?: "list" | "table" | "tree";
                durationMs: number;
                warnings?: string[];
                /** @description Present when the query had more rows than RULE_QUERY_MAX_ROWS: the evaluation read only this many (the first, in the query's order), and `total` counts them. */
                truncatedAt?: number;
                error?: string;
            }[];
            /** @description Each name of the rule's `outputs` with its value at the end. */
            outputs: {
                [key: string]: unknown;
            };
            operations: {
                index: number;
                /** @description Absent when the condition could not be evaluated (`error`). */
                conditionResult?: boolean;
                error?: string;
                actions: components["schemas"]["ActionOutcome"][];
            }[];
            errors: string[];
            /**
             * Format: int64
             * @description Distinct entities in the query results.
             */
            entityCount: number;
            /**
             * Format: int64
             * @description Of those, how many the previous evaluation's results did not hold.
             */
            newEntityCount: number;
            /**
             * @description `triggerActionsOnNewEntitiesOnly` held the actions back.
             * @enum {string}
             */
            actionsSkipped?: "NO_NEW_ENTITIES";
            alert?: {
                id: string;
                status: string;
                /** @enum {string} */
                change: "OPENED" | "UPDATED" | "RESOLVED";
            };
            /** @description With `notifyOnFailure` on a FAILED evaluation. */
            failureNotification?: {
                /** @enum {string} */
                status: "SENT" | "NOT_SENT";
                detail: string;
            };
        };
        ActionOutcome: {
            /** @description JSON pointer of the action in the rule. */
            pointer: string;
            type: string;
            id?: string;
            /** @enum {string} */
            status: "SUCCESS" | "FAILED" | "DRY_RUN" | "SKIPPED";
            /** Format: int64 */
            durationMs: number;
            target?: string;
            /** @description The rendered inputs; secret parameter values show as `[secret]`. */
            inputs?: {
                [key: string]: unknown;
            };
            result?: {
                [key: string]: unknown;
            };
            error?: string;
            /** @description FOR_EACH_ITEM, each item's inner outcomes. */
            items?: {
                index: number;
                actions: components["schemas"]["ActionOutcome"][];
            }[];
        };
        RuleValidation: {
            /** @enum {boolean} */
            valid: true;
            /** @description The rule as it would be stored, without the service's fields. */
            rule: {
                [key: string]: unknown;
            };
        };
        /**
         * Question
         * @description A question (`POST /questions`, `PUT /questions/{questionId}`): a title, a description, 1 to 20 queries and tags. The read-only fields of a stored question (ours and JupiterOne's) are accepted, then dropped; a top-level `null` reads as "not given"; any other property is refused. 400 messages start with the JSON pointer of the offending field.
         * @example {
         *       "title": "Unencrypted buckets",
         *       "tags": [
         *         "cis"
         *       ],
         *       "queries": [
         *         {
         *           "query": "FIND aws_s3_bucket WITH encrypted != true"
         *         }
         *       ]
         *     }
         */
        QuestionRequest: {
            /** @description 1 to 200 characters, not blank. */
            title: string;
            /** @description Free text. */
            description?: string | null;
            /** @description 1 to 20 queries, in a rule's query form (names default to `query<index>`). */
            queries: components["schemas"]["RuleQuery"][];
            /** @description Free tags, for listing (`GET /questions?tag=`). */
            tags?: null | string[];
            /** @description Read-only field of a stored question: accepted and dropped. */
            id?: unknown;
            /** @description Read-only field of a stored question: accepted and dropped. */
            accountId?: unknown;
            /** @description Read-only field of a stored question: accepted and dropped. */
            version?: unknown;
            /** @description Read-only field of a stored question: accepted and dropped. */
            createdOn?: unknown;
            /** @description Read-only field of a stored question: accepted and dropped. */
            updatedOn?: unknown;
            /** @description Read-only field of a stored question: accepted and dropped. */
            lastUpdatedTimestamp?: unknown;
        };
        /** @description A stored question, normalised, with the service's fields. */
        Question: {
            id: string;
            /**
             * Format: int64
             * @description 1 at creation, + 1 on each update.
             */
            version: number;
            title: string;
            description?: string;
            queries: {
                name: string;
                query: string;
                /** @enum {string} */
                version: "v1";
                includeDeleted: boolean;
            }[];
            tags: string[];
            /**
             * Format: int64
             * @description Epoch ms.
             */
            createdOn: number;
            /**
             * Format: int64
             * @description Epoch ms.
             */
            updatedOn: number;
        };
        /**
         * @example {
         *       "question": {
         *         "id": "e5948f36-0770-4536-bbc6-58569908f8ca",
         *         "version": 1,
         *         "title": "Unencrypted buckets",
         *         "queries": [
         *           {
         *             "name": "query0",
         *             "query": "FIND aws_s3_bucket WITH encrypted != true",
         *             "version": "v1",
         *             "includeDeleted": false
         *           }
         *         ],
         *         "tags": [
         *           "cis"
         *         ],
         *         "createdOn": 1795353200000,
         *         "updatedOn": 1795353200000
         *       }
         *     }
         */
        QuestionResponse: {
            question: components["schemas"]["Question"];
        };
        QuestionListResponse: {
            questions: components["schemas"]["Question"][];
            /** @description Pass as `cursor` for the next page; absent on the last page. */
            cursor?: string;
        };
        /** @enum {string} */
        IntegrationType: "smtp" | "slack" | "jira" | "aws" | "webhook";
        /**
         * @description An integration instance to create (`POST /integrations`): `type`, `name` (1 to 200 characters), and `config` and `secrets` with the fields of its type (the `<Type>IntegrationCreate` schemas); a missing `config` is checked as `{}`. URLs must be `http://` or `https://`. 400 messages start with the JSON pointer of the offending field.
         *
         *     | type | config | secrets |
         *     |---|---|---|
         *     | `smtp` | `host`, `port` (1 to 65535), `secure` (boolean, optional), `from` (`a@b.c` or `Name <a@b.c>`) | `username`, `password` (optional) |
         *     | `slack` | `apiBaseUrl` (optional, default `https://slack.com/api`) | `botToken`, `webhookUrl` (optional) |
         *     | `jira` | `baseUrl` (e.g. `https://acme.atlassian.net`), `email` | `apiToken` |
         *     | `aws` | `region`, `endpoint` (optional URL override), `roleArn`, `externalId` (optional) | `accessKeyId` with `secretAccessKey`, `sessionToken` (optional) |
         *     | `webhook` | `headers` (optional, name -> value) | `headers` (optional, name -> value; a header is plain or secret, not both) |
         * @example {
         *       "type": "jira",
         *       "name": "Acme Jira",
         *       "config": {
         *         "baseUrl": "https://acme.atlassian.net",
         *         "email": "alerts@acme.com"
         *       },
         *       "secrets": {
         *         "apiToken": "ATATT3x..."
         *       }
         *     }
         */
        IntegrationCreateRequest: components["schemas"]["IntegrationTyped"] & unknown & unknown & unknown & unknown & unknown;
        /**
         * @description An integration instance's new fields (`PUT /integrations/{integrationId}`): `name`, `config` and `secrets` of its type (the `<Type>IntegrationUpdate` schemas). `type` may be omitted and cannot change; without `secrets` the stored ones are kept. 400 messages start with the JSON pointer of the offending field.
         *
         *     | type | config | secrets |
         *     |---|---|---|
         *     | `smtp` | `host`, `port` (1 to 65535), `secure` (boolean, optional), `from` (`a@b.c` or `Name <a@b.c>`) | `username`, `password` (optional) |
         *     | `slack` | `apiBaseUrl` (optional, default `https://slack.com/api`) | `botToken`, `webhookUrl` (optional) |
         *     | `jira` | `baseUrl` (e.g. `https://acme.atlassian.net`), `email` | `apiToken` |
         *     | `aws` | `region`, `endpoint` (optional URL override), `roleArn`, `externalId` (optional) | `accessKeyId` with `secretAccessKey`, `sessionToken` (optional) |
         *     | `webhook` | `headers` (optional, name -> value) | `headers` (optional, name -> value; a header is plain or secret, not both) |
         * @example {
         *       "name": "Acme Jira",
         *       "config": {
         *         "baseUrl": "https://acme.atlassian.net",
         *         "email": "alerts@acme.com"
         *       }
         *     }
         */
        IntegrationUpdateRequest: components["schemas"]["IntegrationUpdateFields"] & unknown & unknown & unknown & unknown & unknown;
        /** @description What every integration body is before its type is known: an object naming a known `type`. */
        IntegrationTyped: {
            type: components["schemas"]["IntegrationType"];
        };
        /** @description What every update body is: the fields of a body whatever the type. Without `type` the service checks `config` and `secrets` against the stored instance's type. */
        IntegrationUpdateFields: {
            type?: components["schemas"]["IntegrationType"];
            name: components["schemas"]["IntegrationName"];
            /** @description The fields of the instance's type (`<Type>IntegrationConfig`). */
            config?: {
                [key: string]: unknown;
            };
            /** @description The secrets of the instance's type (`<Type>IntegrationSecrets`); all replaced when given, kept when not. */
            secrets?: {
                [key: string]: unknown;
            };
            /** @description Read-only field of an answer: accepted and dropped. */
            id?: unknown;
            /** @description Read-only field of an answer: accepted and dropped. */
            secretNames?: unknown;
            /** @description Read-only field of an answer: accepted and dropped. */
            createdOn?: unknown;
            /** @description Read-only field of an answer: accepted and dropped. */
            updatedOn?: unknown;
        };
        /** @description The instance's name: unique per account, 1 to 200 characters, not blank. */
        IntegrationName: string;
        /**
         * @description An http:// or https:// URL with a host (also parsed as a URL by the service).
         * @example https://acme.atlassian.net
         */
        HttpUrl: string;
        /** @description A smtp instance to create. */
        SmtpIntegrationCreate: {
            /** @enum {string} */
            type: "smtp";
            name: components["schemas"]["IntegrationName"];
            config?: components["schemas"]["SmtpIntegrationConfig"];
            secrets?: components["schemas"]["SmtpIntegrationSecrets"];
            /** @description Read-only field of an answer: accepted and dropped. */
            id?: unknown;
            /** @description Read-only field of an answer: accepted and dropped. */
            secretNames?: unknown;
            /** @description Read-only field of an answer: accepted and dropped. */
            createdOn?: unknown;
            /** @description Read-only field of an answer: accepted and dropped. */
            updatedOn?: unknown;
        };
        /** @description A smtp instance's new fields (`type` may be omitted; without `secrets` the stored ones are kept). */
        SmtpIntegrationUpdate: {
            /** @enum {string} */
            type?: "smtp";
            name: components["schemas"]["IntegrationName"];
            config?: components["schemas"]["SmtpIntegrationConfig"];
            secrets?: components["schemas"]["SmtpIntegrationSecrets"];
            /** @description Read-only field of an answer: accepted and dropped. */
            id?: unknown;
            /** @description Read-only field of an answer: accepted and dropped. */
            secretNames?: unknown;
            /** @description Read-only field of an answer: accepted and dropped. */
            createdOn?: unknown;
            /** @description Read-only field of an answer: accepted and dropped. */
            updatedOn?: unknown;
        };
        /** @description What a smtp instance keeps in `config` (returned as stored). */
        SmtpIntegrationConfig: {
            host: string;
            /** Format: int32 */
            port: number;
            secure?: boolean;
            from: string;
        };
        /** @description What a smtp instance keeps in `secrets` (encrypted at rest, never returned). */
        SmtpIntegrationSecrets: {
            username?: string;
            password?: string;
        };
        /** @description A slack instance to create. */
        SlackIntegrationCreate: {
            /** @enum {string} */
            type: "slack";
            name: components["schemas"]["IntegrationName"];
            config?: components["schemas"]["SlackIntegrationConfig"];
            secrets?: components["schemas"]["SlackIntegrationSecrets"];
            /** @description Read-only field of an answer: accepted and dropped. */
            id?: unknown;
            /** @description Read-only field of an answer: accepted and dropped. */
            secretNames?: unknown;
            /** @description Read-only field of an answer: accepted and dropped. */
            createdOn?: unknown;
            /** @description Read-only field of an answer: accepted and dropped. */
            updatedOn?: unknown;
        };
        /** @description A slack instance's new fields (`type` may be omitted; without `secrets` the stored ones are kept). */
        SlackIntegrationUpdate: {
            /** @enum {string} */
            type?: "slack";
            name: components["schemas"]["IntegrationName"];
            config?: components["schemas"]["SlackIntegrationConfig"];
            secrets?: components["schemas"]["SlackIntegrationSecrets"];
            /** @description Read-only field of an answer: accepted and dropped. */
            id?: unknown;
            /** @description Read-only field of an answer: accepted and dropped. */
            secretNames?: unknown;
            /** @description Read-only field of an answer: accepted and dropped. */
            createdOn?: unknown;
            /** @description Read-only field of an answer: accepted and dropped. */
            updatedOn?: unknown;
        };
        /** @description What a slack instance keeps in `config` (returned as stored). */
        SlackIntegrationConfig: {
            apiBaseUrl?: components["schemas"]["HttpUrl"];
        };
        /** @description What a slack instance keeps in `secrets` (encrypted at rest, never returned). */
        SlackIntegrationSecrets: {
            botToken?: string;
            webhookUrl?: components["schemas"]["HttpUrl"];
        };
        /** @description A jira instance to create. */
        JiraIntegrationCreate: {
            /** @enum {string} */
            type: "jira";
            name: components["schemas"]["IntegrationName"];
            config?: components["schemas"]["JiraIntegrationConfig"];
            secrets: components["schemas"]["JiraIntegrationSecrets"];
            /** @description Read-only field of an answer: accepted and dropped. */
            id?: unknown;
            /** @description Read-only field of an answer: accepted and dropped. */
            secretNames?: unknown;
            /** @description Read-only field of an answer: accepted and dropped. */
            createdOn?: unknown;
            /** @description Read-only field of an answer: accepted and dropped. */
            updatedOn?: unknown;
        };
        /** @description A jira instance's new fields (`type` may be omitted; without `secrets` the stored ones are kept). */
        JiraIntegrationUpdate: {
            /** @enum {string} */
            type?: "jira";
            name: components["schemas"]["IntegrationName"];
            config?: components["schemas"]["JiraIntegrationConfig"];
            secrets?: components["schemas"]["JiraIntegrationSecrets"];
            /** @description Read-only field of an answer: accepted and dropped. */
            id?: unknown;
            /** @description Read-only field of an answer: accepted and dropped. */
            secretNames?: unknown;
            /** @description Read-only field of an answer: accepted and dropped. */
            createdOn?: unknown;
            /** @description Read-only field of an answer: accepted and dropped. */
            updatedOn?: unknown;
        };
        /** @description What a jira instance keeps in `config` (returned as stored). */
        JiraIntegrationConfig: {
            baseUrl: components["schemas"]["HttpUrl"];
            email: string;
        };
        /** @description What a jira instance keeps in `secrets` (encrypted at rest, never returned). */
        JiraIntegrationSecrets: {
            apiToken: string;
        };
        /** @description A aws instance to create. */
        AwsIntegrationCreate: {
            /** @enum {string} */
            type: "aws";
            name: components["schemas"]["IntegrationName"];
            config?: components["schemas"]["AwsIntegrationConfig"];
            secrets?: components["schemas"]["AwsIntegrationSecrets"];
            /** @description Read-only field of an answer: accepted and dropped. */
            id?: unknown;
            /** @description Read-only field of an answer: accepted and dropped. */
            secretNames?: unknown;
            /** @description Read-only field of an answer: accepted and dropped. */
            createdOn?: unknown;
            /** @description Read-only field of an answer: accepted and dropped. */
            updatedOn?: unknown;
        };
        /** @description A aws instance's new fields (`type` may be omitted; without `secrets` the stored ones are kept). */
        AwsIntegrationUpdate: {
            /** @enum {string} */
            type?: "aws";
            name: components["schemas"]["IntegrationName"];
            config?: components["schemas"]["AwsIntegrationConfig"];
            secrets?: components["schemas"]["AwsIntegrationSecrets"];
            /** @description Read-only field of an answer: accepted and dropped. */
            id?: unknown;
            /** @description Read-only field of an answer: accepted and dropped. */
            secretNames?: unknown;
            /** @description Read-only field of an answer: accepted and dropped. */
            createdOn?: unknown;
            /** @description Read-only field of an answer: accepted and dropped. */
            updatedOn?: unknown;
        };
        /** @description What a aws instance keeps in `config` (returned as stored). */
        AwsIntegrationConfig: {
            region: string;
            endpoint?: components["schemas"]["HttpUrl"];
            roleArn?: string;
            externalId?: string;
        };
        /** @description What a aws instance keeps in `secrets` (encrypted at rest, never returned). */
        AwsIntegrationSecrets: {
            accessKeyId?: string;
            secretAccessKey?: string;
            sessionToken?: string;
        };
        /** @description A webhook instance to create. */
        WebhookIntegrationCreate: {
            /** @enum {string} */
            type: "webhook";
            name: components["schemas"]["IntegrationName"];
            config?: components["schemas"]["WebhookIntegrationConfig"];
            secrets?: components["schemas"]["WebhookIntegrationSecrets"];
            /** @description Read-only field of an answer: accepted and dropped. */
            id?: unknown;
            /** @description Read-only field of an answer: accepted and dropped. */
            secretNames?: unknown;
            /** @description Read-only field of an answer: accepted and dropped. */
            createdOn?: unknown;
            /** @description Read-only field of an answer: accepted and dropped. */
            updatedOn?: unknown;
        };
        /** @description A webhook instance's new fields (`type` may be omitted; without `secrets` the stored ones are kept). */
        WebhookIntegrationUpdate: {
            /** @enum {string} */
            type?: "webhook";
            name: components["schemas"]["IntegrationName"];
            config?: components["schemas"]["WebhookIntegrationConfig"];
            secrets?: components["schemas"]["WebhookIntegrationSecrets"];
            /** @description Read-only field of an answer: accepted and dropped. */
            id?: unknown;
            /** @description Read-only field of an answer: accepted and dropped. */
            secretNames?: unknown;
            /** @description Read-only field of an answer: accepted and dropped. */
            createdOn?: unknown;
            /** @description Read-only field of an answer: accepted and dropped. */
            updatedOn?: unknown;
        };
        /** @description What a webhook instance keeps in `config` (returned as stored). */
        WebhookIntegrationConfig: {
            headers?: {
                [key: string]: string;
            };
        };
        /** @description What a webhook instance keeps in `secrets` (encrypted at rest, never returned). */
        WebhookIntegrationSecrets: {
            headers?: {
                [key: string]: string;
            };
        };
        /** @description A stored integration instance, without its secrets. */
        Integration: {
            id: string;
            type: components["schemas"]["IntegrationType"];
            name: string;
            /** @description The type's config fields, as stored. */
            config: {
                [key: string]: unknown;
            };
            /**
             * @description The names of the stored secrets, sorted (`headers.<name>` for each secret header of a
             *     webhook); their values are never answered.
             */
            secretNames: string[];
            /**
             * Format: int64
             * @description Epoch ms.
             */
            createdOn: number;
            /**
             * Format: int64
             * @description Epoch ms.
             */
            updatedOn: number;
        };
        /**
         * @example {
         *       "integration": {
         *         "id": "06b4bb32-e18e-457d-94df-1d583ba92b5d",
         *         "type": "jira",
         *         "name": "Acme Jira",
         *         "config": {
         *           "baseUrl": "https://acme.atlassian.net",
         *           "email": "alerts@acme.com"
         *         },
         *         "secretNames": [
         *           "apiToken"
         *         ],
         *         "createdOn": 1795353300000,
         *         "updatedOn": 1795353300000
         *       }
         *     }
         */
        IntegrationResponse: {
            integration: components["schemas"]["Integration"];
        };
        IntegrationListResponse: {
            integrations: components["schemas"]["Integration"][];
        };
        /** @enum {string} */
        AlertStatus: "ACTIVE" | "RESOLVED" | "DISMISSED";
        /** @enum {string} */
        AlertLevel: "INFO" | "LOW" | "MEDIUM" | "HIGH" | "CRITICAL";
        /**
         * @example {
         *       "id": "5d0c1f7e-8b2a-4c3d-9e4f-1a2b3c4d5e6f",
         *       "ruleId": "9b1e2d3c-4a5b-4c6d-8e7f-0a1b2c3d4e5f",
         *       "ruleName": "unencrypted-buckets",
         *       "ruleVersion": 2,
         *       "level": "HIGH",
         *       "status": "ACTIVE",
         *       "createdOn": 1748772000000,
         *       "updatedOn": 1748858400000,
         *       "firstEvaluationId": "1f2e3d4c-5b6a-4798-8a9b-0c1d2e3f4a5b",
         *       "lastEvaluationId": "6a7b8c9d-0e1f-4a2b-9c3d-4e5f6a7b8c9d",
         *       "evaluationCount": 2,
         *       "queryTotals": {
         *         "query0": 3
         *       }
         *     }
         */
        Alert: {
            id: string;
            ruleId: string;
            /** @description The rule's name when the alert was last raised. */
            ruleName: string;
            /**
             * Format: int64
             * @description The rule's `version` when the alert was last raised.
             */
            ruleVersion: number;
            ruleDescription?: string;
            level: components["schemas"]["AlertLevel"];
            status: components["schemas"]["AlertStatus"];
            /**
             * Format: int64
             * @description Epoch ms.
             */
            createdOn: number;
            /**
             * Format: int64
             * @description Epoch ms of the latest raise, resolve or dismiss.
             */
            updatedOn: number;
            /**
             * Format: int64
             * @description Epoch ms; only on a `RESOLVED` alert.
             */
            resolvedOn?: number;
            /**
             * Format: int64
             * @description Epoch ms; only on a `DISMISSED` alert.
             */
            dismissedOn?: number;
            /** @description The evaluation that opened the alert. */
            firstEvaluationId: string;
            /** @description The latest evaluation that raised (or resolved) it. */
            lastEvaluationId: string;
            /**
             * Format: int64
             * @description How many evaluations raised it (1 when opened).
             */
            evaluationCount: number;
            /** @description Each query's total (by query name) in the latest evaluation that raised it. */
            queryTotals: {
                [key: string]: number;
            };
        };
        /**
         * @example {
         *       "alert": {
         *         "id": "5d0c1f7e-8b2a-4c3d-9e4f-1a2b3c4d5e6f",
         *         "ruleId": "9b1e2d3c-4a5b-4c6d-8e7f-0a1b2c3d4e5f",
         *         "ruleName": "unencrypted-buckets",
         *         "ruleVersion": 2,
         *         "level": "HIGH",
         *         "status": "ACTIVE",
         *         "createdOn": 1748772000000,
         *         "updatedOn": 1748858400000,
         *         "firstEvaluationId": "1f2e3d4c-5b6a-4798-8a9b-0c1d2e3f4a5b",
         *         "lastEvaluationId": "6a7b8c9d-0e1f-4a2b-9c3d-4e5f6a7b8c9d",
         *         "evaluationCount": 2,
         *         "queryTotals": {
         *           "query0": 3
         *         }
         *       }
         *     }
         */
        AlertResponse: {
            alert: components["schemas"]["Alert"];
        };
        AlertListResponse: {
            alerts: components["schemas"]["Alert"][];
            /** @description Pass as `cursor` for the next page; absent on the last page. */
            cursor?: string;
        };
        /**
         * @description Who made the change: an API key of the account (`apiKey`, with its id and name), the admin
         *     API (`admin`, ADMIN_TOKEN), the `graphsync` command line (`cli`) or the service itself
         *     (`service`: a sync job's finalization stopped by the delete guard); `keyId` and `keyName`
         *     are null for the last three.
         */
        AuditActor: {
            /** @enum {string} */
            type: "apiKey" | "admin" | "cli" | "service";
            keyId: string | null;
            keyName: string | null;
        };
        /** @description What was changed. */
        AuditTarget: {
            /** @enum {string} */
            type: "account" | "alert" | "apiKey" | "entity" | "integration" | "notificationTemplate" | "parameter" | "question" | "rule" | "subscription" | "syncJob";
            /** @description The target's id (a parameter's name, an account's id). */
            id: string;
        };
        AuditEvent: {
            id: string;
            accountId: string;
            /**
             * Format: int64
             * @description Epoch ms.
             */
            occurredOn: number;
            /**
             * Format: date-time
             * @description The same instant, ISO 8601 (UTC).
             */
            occurredAt: string;
            actor: components["schemas"]["AuditActor"];
            /** @description The operationId of the API, or the CLI command (`key create`). */
            operation: string;
            /** @enum {string} */
            action: "create" | "update" | "delete" | "dismiss";
            target: components["schemas"]["AuditTarget"];
            /**
             * @description A short description of the change, never a secret value: e.g. a rule's `name` and
             *     `version`, a parameter's `name` and `secret` flag (never its value), an integration's
             *     `name`, `type`, `configFields` and `secretNames` (names only), an update's `fields`. Each
             *     value is a string, number, boolean, null or a list of strings.
             */
            summary: {
                [key: string]: unknown;
            };
            /** @description The request's `X-Request-Id`; null for the CLI. */
            requestId: string | null;
        };
        AuditEventListResponse: {
            events: components["schemas"]["AuditEvent"][];
            /** @description Pass as `cursor` for the next page; absent on the last page. */
            cursor?: string;
        };
        /**
         * @description `revived`: a soft-deleted object written again. `updated` lists only the properties whose
         *     value changed; `deleted` lists none.
         * @enum {string}
         */
        ChangeKind: "created" | "updated" | "deleted" | "revived";
        /**
         * @description One property a change set, changed or removed: its value before and after (null: absent).
         *     Values of properties whose names look like secrets (`password`, `token`, `apiKey`, ...) are
         *     stored and shown as `[redacted]`.
         */
        PropertyChange: {
            name: string;
            before: null | components["schemas"]["EntityPropertyValue"];
            after: null | components["schemas"]["EntityPropertyValue"];
        };
        /** @description What one write changed on one entity or relationship. */
        Change: {
            changeId: string;
            /** @enum {string} */
            objectKind: "entity" | "relationship";
            /** @description The object's `_id`. */
            objectId: string;
            /** @description The object's `_key`. */
            key: string | null;
            /** @description The object's `_type`. */
            type: string | null;
            /** @description The object's `_scope`. */
            scope: string | null;
            kind: components["schemas"]["ChangeKind"];
            /**
             * Format: int64
             * @description Epoch ms of the write (a sync job's finalization: the time it stamps in `_beginOn` and
             *     `_endOn`).
             */
            at: number;
            /** @description The sync job that wrote it (null for the entity API and rules). */
            jobId: string | null;
            /** @description The API key of the entity API call that wrote it (null otherwise). */
            keyId: string | null;
            /** @enum {string} */
            source: "sync" | "entity-api" | "rule-tag";
            changes: components["schemas"]["PropertyChange"][];
        };
        ChangeListResponse: {
            changes: components["schemas"]["Change"][];
            /** @description Pass as `cursor` for the next page; absent on the last page. */
            cursor?: string;
        };
        /**
         * @description `sync.job.finished`: a sync job's finalize ended FINISHED. `entities.changed`: an entity was
         *     patched or deleted through the entity API.
         * @enum {string}
         */
        ChangeEventType: "sync.job.finished" | "entities.changed";
        /**
         * @description Where the events go. `webhook`: `url` (http or https; the address guard of rule webhooks
         *     applies) and `secret` (16 to 256 characters, write-only: the body's HMAC-SHA256 key; required
         *     at creation, kept when an update leaves it out). `queue`: an `aws` integration instance
         *     (`integrationInstanceId`) and `queueUrl`. `topic`: an `aws` integration instance and
         *     `topicArn`.
         */
        SubscriptionTargetRequest: {
            /** @enum {string} */
            kind: "webhook" | "queue" | "topic";
            url?: components["schemas"]["HttpUrl"];
            secret?: string;
            integrationInstanceId?: string;
            queueUrl?: string;
            topicArn?: string;
        };
        /**
         * @description Which events the subscription gets: each list present must contain the event's value (its
         *     job's or entity's `scope`, its `source`, its `type`); a list left out lets every value through.
         */
        SubscriptionFilter: {
            scopes?: string[];
            sources?: string[];
            types?: components["schemas"]["ChangeEventType"][];
        };
        /** @description A subscription to create (`POST`) or its replacement (`PUT`). */
        SubscriptionRequest: {
            name: string;
            target: components["schemas"]["SubscriptionTargetRequest"];
            filter?: components["schemas"]["SubscriptionFilter"];
            /**
             * @description A disabled subscription gets no new events (deliveries under way finish).
             * @default true
             */
            enabled: boolean;
        };
        /** @description The target as stored; a webhook's secret is never answered (`secretSet` is true). */
        SubscriptionTarget: {
            /** @enum {string} */
            kind: "webhook" | "queue" | "topic";
            url?: string;
            secretSet?: boolean;
            integrationInstanceId?: string;
            queueUrl?: string;
            topicArn?: string;
        };
        Subscription: {
            id: string;
            name: string;
            target: components["schemas"]["SubscriptionTarget"];
            filter: components["schemas"]["SubscriptionFilter"];
            enabled: boolean;
            /** @description Epoch ms. */
            createdOn: number;
            /** @description Epoch ms. */
            updatedOn: number;
        };
        /**
         * @example {
         *       "subscription": {
         *         "id": "4f0c8f0e-2d0b-4b8e-9a51-64a1d2f7c3aa",
         *         "name": "CMDB feed",
         *         "target": {
         *           "kind": "webhook",
         *           "url": "https://cmdb.example.com/graphsync-events",
         *           "secretSet": true
         *         },
         *         "filter": {
         *           "scopes": [
         *             "aws-prod"
         *           ]
         *         },
         *         "enabled": true,
         *         "createdOn": 1795353300000,
         *         "updatedOn": 1795353300000
         *       }
         *     }
         */
        SubscriptionResponse: {
            subscription: components["schemas"]["Subscription"];
        };
        /**
         * @example {
         *       "subscriptions": [
         *         {
         *           "id": "4f0c8f0e-2d0b-4b8e-9a51-64a1d2f7c3aa",
         *           "name": "CMDB feed",
         *           "target": {
         *             "kind": "webhook",
         *             "url": "https://cmdb.example.com/graphsync-events",
         *             "secretSet": true
         *           },
         *           "filter": {
         *             "scopes": [
         *               "aws-prod"
         *             ]
         *           },
         *           "enabled": true,
         *           "createdOn": 1795353300000,
         *           "updatedOn": 1795353300000
         *         },
         *         {
         *           "id": "9d2e7a61-0c4b-4f3e-8a7d-5b6c7d8e9f01",
         *           "name": "Change queue",
         *           "target": {
         *             "kind": "queue",
         *             "integrationInstanceId": "06b4bb32-e18e-457d-94df-1d583ba92b5d",
         *             "queueUrl": "https://sqs.us-east-1.amazonaws.com/123456789012/graph-changes"
         *           },
         *           "filter": {},
         *           "enabled": true,
         *           "createdOn": 1795353320000,
         *           "updatedOn": 1795353320000
         *         }
         *       ]
         *     }
         */
        SubscriptionListResponse: {
            subscriptions: components["schemas"]["Subscription"][];
        };
        /**
         * @description One event's delivery to the subscription: `PENDING` (tries left, or not tried yet),
         *     `DELIVERED` (a try succeeded; never sent again), `FAILED` (every try failed).
         */
        EventDelivery: {
            id: string;
            eventId: string;
            eventType: components["schemas"]["ChangeEventType"] | null;
            jobId: string | null;
            /** @enum {string} */
            status: "PENDING" | "DELIVERED" | "FAILED";
            /** @description Tries started so far. */
            attempts: number;
            /** @description The HTTP status of the last try's answer (webhooks). */
            lastStatus: number | null;
            /** @description Why the last try failed; null when it succeeded or none was made. */
            lastError: string | null;
            createdOn: number;
            updatedOn: number;
            lastAttemptOn: number | null;
            deliveredOn: number | null;
        };
        /**
         * @example {
         *       "deliveries": [
         *         {
         *           "id": "7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
         *           "eventId": "0b7d3c1e-5f7a-4c55-9d0e-2f4a8b6c1d3e",
         *           "eventType": "sync.job.finished",
         *           "jobId": "5a1f0f6e-8c2b-4d7e-a9b3-1c2d3e4f5a6b",
         *           "status": "DELIVERED",
         *           "attempts": 3,
         *           "lastStatus": 200,
         *           "lastError": null,
         *           "createdOn": 1795353300000,
         *           "updatedOn": 1795353330000,
         *           "lastAttemptOn": 1795353330000,
         *           "deliveredOn": 1795353330000
         *         }
         *       ]
         *     }
         */
        EventDeliveryListResponse: {
            deliveries: components["schemas"]["EventDelivery"][];
            /** @description Pass as `cursor` for the next page; absent on the last page. */
            cursor?: string;
        };
        QueryRequest: {
            /**
             * @description The J1QL text.
             * @example FIND User WITH active = true AS u THAT HAS >> Device AS d RETURN u.username, d.displayName
             */
            query: string;
            /**
             * @description Include soft-deleted entities and relationships.
             * @default false
             */
            includeDeleted: boolean;
            /**
             * Format: int64
             * @description Epoch milliseconds: answer over the graph as it was at that time (entities and relationships alive then, with the property values they had), built from the change history (docs/guide/history.md). `date.now` in the query means that time. A time in the future, or older than the history kept (HISTORY_RETENTION_DAYS), is a 400.
             * @example 1764201600000
             */
            asOf?: number;
            /**
             * Format: int64
             * @description Rows per page; at most QUERY_MAX_PAGE_SIZE (default 1000), else 400.
             * @default 250
             */
            limit: number;
            /** @description The `cursor` of the previous page of the same query. */
            cursor?: string | null;
        };
        ExplainQueryRequest: {
            query: string;
            /** @default false */
            includeDeleted: boolean;
            /**
             * Format: int64
             * @description As in QueryRequest.
             */
            asOf?: number;
        };
        ExplainQueryResponse: {
            /** @description The Cypher, with every value a parameter. */
            cypher: string;
            /** @description The parameters, `accountId` (the caller's account) among them. A secret account parameter stands as the text `[secret]` (a list as one such item): the query runs with its real value, which explain never shows. */
            params: {
                [key: string]: unknown;
            };
        };
        /**
         * @description One page of a query's result. `type` says which shape `data` has, and generated clients use
         *     it to pick the variant: `list` (a FIND without RETURN: entities as vertices), `table` (a
         *     RETURN: one object per row, keyed by column name) or `tree` (`RETURN TREE`: the vertices and
         *     edges of every matched path, each once).
         */
        QueryResponse: components["schemas"]["QueryListResponse"] | components["schemas"]["QueryTableResponse"] | components["schemas"]["QueryTreeResponse"];
        /**
         * @description A FIND without RETURN: the matched entities as vertices.
         * @example {
         *       "type": "list",
         *       "totalCount": 1,
         *       "data": [
         *         {
         *           "id": "0b9c3f3e-5d1a-4b8e-9c61-3f2a7d4e8b10",
         *           "entity": {
         *             "_id": "0b9c3f3e-5d1a-4b8e-9c61-3f2a7d4e8b10",
         *             "_key": "host-1",
         *             "_type": [
         *               "example_host"
         *             ],
         *             "_class": [
         *               "Host"
         *             ],
         *             "displayName": "Host 1"
         *           },
         *           "properties": {
         *             "encrypted": false,
         *             "tag.Production": true
         *           }
         *         }
         *       ]
         *     }
         */
        QueryListResponse: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "list";
            data: components["schemas"]["Vertex"][];
            totalCount: components["schemas"]["QueryTotalCount"];
            cursor?: components["schemas"]["QueryCursor"];
            warnings?: components["schemas"]["QueryWarnings"];
        };
        /**
         * @description A query with RETURN: one object per row, keyed by column name (the alias, or `a.name`).
         *     A cell holds a value, a vertex (`RETURN a`), an edge (a relationship alias) or null;
         *     `a.*` spreads into one column per property, `a.<property>`.
         * @example {
         *       "type": "table",
         *       "totalCount": 2,
         *       "data": [
         *         {
         *           "u.username": "alice",
         *           "d.displayName": "laptop-7"
         *         },
         *         {
         *           "u.username": "bob",
         *           "d.displayName": null
         *         }
         *       ]
         *     }
         */
        QueryTableResponse: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "table";
            data: components["schemas"]["QueryTableRow"][];
            totalCount: components["schemas"]["QueryTotalCount"];
            cursor?: components["schemas"]["QueryCursor"];
            warnings?: components["schemas"]["QueryWarnings"];
        };
        /** @description One row of a table result, keyed by column name. */
        QueryTableRow: {
            [key: string]: unknown;
        };
        /** @description `RETURN TREE`: the vertices and edges of every matched path, each once. */
        QueryTreeResponse: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            type: "tree";
            data: components["schemas"]["QueryTree"];
            totalCount: components["schemas"]["QueryTotalCount"];
            cursor?: components["schemas"]["QueryCursor"];
            warnings?: components["schemas"]["QueryWarnings"];
        };
        /**
         * Format: int64
         * @description Rows (for `tree`, matched paths) over all pages.
         */
        QueryTotalCount: number;
        /** @description Pass as `cursor` for the next page; absent on the last page. */
        QueryCursor: string;
        /**
         * @description What the query said that was read leniently, e.g. a bare RETURN name that is no alias
         *     (left out), two RETURN items with one name (the later is returned), or the alias of a
         *     negated traversal (null).
         */
        QueryWarnings: string[];
        QueryTree: {
            vertices: components["schemas"]["Vertex"][];
            edges: components["schemas"]["Edge"][];
        };
        /** @description A relationship in the shape of a query's tree result. */
        Edge: {
            /** @description The relationship's `_id`. */
            id: string;
            fromVertexId: string;
            toVertexId: string;
            relationship: components["schemas"]["RelationshipMetadata"];
            properties: components["schemas"]["CustomProperties"];
        };
        /**
         * @description An entity in the shape of a query's list result. `id` is the entity's `_id`, so it can be
         *     passed back to `/entities/{entityId}`.
         * @example {
         *       "id": "0b9c3f3e-5d1a-4b8e-9c61-3f2a7d4e8b10",
         *       "entity": {
         *         "_id": "0b9c3f3e-5d1a-4b8e-9c61-3f2a7d4e8b10",
         *         "_key": "host-1",
         *         "_type": [
         *           "example_host"
         *         ],
         *         "_class": [
         *           "Host"
         *         ],
         *         "_accountId": "local",
         *         "_scope": "my-scope",
         *         "_source": "api",
         *         "_version": 2,
         *         "_deleted": false,
         *         "_createdOn": "2025-06-01T10:00:00.000Z",
         *         "_beginOn": "2025-06-02T08:30:00.000Z",
         *         "displayName": "Host 1"
         *       },
         *       "properties": {
         *         "encrypted": false,
         *         "tag.Production": true
         *       }
         *     }
         */
        Vertex: {
            /** @example 0b9c3f3e-5d1a-4b8e-9c61-3f2a7d4e8b10 */
            id: string;
            entity: components["schemas"]["EntityMetadata"];
            properties: components["schemas"]["CustomProperties"];
        };
        /**
         * @example {
         *       "properties": {
         *         "owner": "team-b",
         *         "tag.Production": true,
         *         "legacyId": null
         *       }
         *     }
         */
        PatchEntityRequest: {
            /**
             * @description At least one property: name -> new value, or `null` to remove the property. Names and
             *     values follow the upload's rules (see `patchEntity`); the service checks them, so that
             *     its messages point at the offending property.
             */
            properties: {
                [key: string]: unknown;
            };
        };
        DeleteEntityResponse: {
            deletedEntity: components["schemas"]["Vertex"];
            /**
             * Format: int64
             * @description Live relationships this call soft deleted (0 when the entity was deleted already).
             */
            numRelationshipsDeleted: number;
        };
        /**
         * @description The relationship's system properties (`_`-prefixed) and `displayName`: `_type`, `_class`
         *     (its Neo4j type), `_key`, `_fromEntityKey` / `_toEntityKey` (or `_fromEntityId` /
         *     `_toEntityId`), with times as ISO-8601 strings. graphsync's own bookkeeping is not shown.
         */
        RelationshipMetadata: {
            _id: string;
            _key?: string;
            _type?: string;
            _class?: string;
            _fromEntityKey?: string;
            _toEntityKey?: string;
            /** Format: int64 */
            _version?: number;
            _deleted?: boolean;
            /** Format: date-time */
            _createdOn?: string;
            /** Format: date-time */
            _beginOn?: string;
            /** Format: date-time */
            _endOn?: string;
            displayName?: components["schemas"]["EntityPropertyValue"];
        } & {
            [key: string]: unknown;
        };
        /**
         * @description One relationship of the entity: an edge of a query's tree result, with its `direction`
         *     seen from the entity (a relationship from the entity to itself is `OUTGOING`) and the
         *     entity at the other end as `vertex`.
         */
        EntityRelationship: {
            /** @description The relationship's `_id`. */
            id: string;
            /** @enum {string} */
            direction: "OUTGOING" | "INCOMING";
            /** @description The `_id` of the start entity. */
            fromVertexId: string;
            /** @description The `_id` of the end entity. */
            toVertexId: string;
            relationship: components["schemas"]["RelationshipMetadata"];
            properties: components["schemas"]["CustomProperties"];
            vertex: components["schemas"]["Vertex"];
        };
        EntityRelationshipListResponse: {
            relationships: components["schemas"]["EntityRelationship"][];
            /**
             * Format: int64
             * @description Every relationship that matches the filters, over all pages.
             */
            totalCount: number;
            /** @description Pass as `cursor` for the next page; absent on the last page. */
            cursor?: string;
        };
        /**
         * @description The metadata of one version of a raw-data entry.
         * @example {
         *       "beginOn": 1748853000000,
         *       "contentType": "application/json",
         *       "contentLength": 27,
         *       "createdOn": 1748772000000,
         *       "deleted": false,
         *       "versionId": "550af4a5-b944-4d19-b1d5-a5370014db99"
         *     }
         */
        RawDataMetadata: {
            /**
             * Format: int64
             * @description When this version was stored (epoch milliseconds).
             */
            beginOn: number;
            /**
             * @description Media type of the entry, as uploaded (default `application/json`).
             * @example application/json
             */
            contentType: string;
            /**
             * Format: int64
             * @description Size of the content in bytes.
             */
            contentLength: number;
            /**
             * Format: int64
             * @description When the entry's first version was stored (epoch milliseconds).
             */
            createdOn: number;
            /** @description The entity was deleted (by a DIFF or `DELETE /entities/{entityId}`). */
            deleted: boolean;
            /** @description Identifies the version (a UUID); download it at `versions/{versionId}`. */
            versionId: string;
        };
        RawDataEntriesResponse: {
            /** @description Entry name to the metadata of its latest version. */
            entries: {
                [key: string]: components["schemas"]["RawDataMetadata"];
            };
        };
        RawDataVersionsByEntryResponse: {
            /** @description Entry name to its versions, newest first. */
            entries: {
                [key: string]: components["schemas"]["RawDataMetadata"][];
            };
        };
        RawDataVersionsResponse: {
            /** @description The entry's versions, newest first. */
            versions: components["schemas"]["RawDataMetadata"][];
        };
        /**
         * @description A boolean, string or number, or a list of only booleans, only strings or only numbers
         *     (possibly empty). Strings, alone or in a list, hold at most 10000 characters; a list at
         *     most 1000 items. Objects cannot be stored in a parameter.
         */
        ParameterValue: boolean | string | number | string[] | number[] | boolean[];
        /**
         * @example {
         *       "name": "trustedCidrs",
         *       "value": [
         *         "10.0.0.0/8",
         *         "192.168.0.0/16"
         *       ],
         *       "secret": false,
         *       "createdOn": 1795353156539,
         *       "updatedOn": 1795353156539
         *     }
         */
        Parameter: {
            name: string;
            /** @description The value; absent when `secret` is true. */
            value?: components["schemas"]["ParameterValue"];
            /** @description A secret parameter's value is write-only. */
            secret: boolean;
            /**
             * Format: int64
             * @description When the parameter was first stored (epoch milliseconds).
             */
            createdOn: number;
            /**
             * Format: int64
             * @description When it was last stored by a PUT (epoch milliseconds).
             */
            updatedOn: number;
        };
        ParameterResponse: {
            parameter: components["schemas"]["Parameter"];
        };
        ParameterListResponse: {
            /** @description Every parameter of the account, by name. */
            parameters: components["schemas"]["Parameter"][];
        };
        /**
         * @example {
         *       "value": [
         *         "10.0.0.0/8",
         *         "192.168.0.0/16"
         *       ],
         *       "secret": false
         *     }
         */
        PutParameterRequest: {
            /**
             * @description The value. The service checks it with its own rules, so that its messages point at the
             *     offending item (see `putParameter`).
             */
            value: components["schemas"]["ParameterValue"];
            /**
             * @description `true`: the value is write-only, never returned or logged; it is used only when
             *     queries and rules are evaluated. Default `false`.
             */
            secret?: boolean;
        };
        /**
         * @description The caller's account, and the key that made the request with the roles it holds: what a
         *     client (the web console) needs to show only what the key may do.
         * @example {
         *       "account": {
         *         "id": "local",
         *         "features": [
         *           "OVERRIDE",
         *           "PUT"
         *         ],
         *         "notificationEmails": [
         *           "secops@example.com"
         *         ],
         *         "createdOn": 1748563200000
         *       },
         *       "key": {
         *         "id": "7d3f1c2a-52c4-4c39-9a4e-0f6b0c1e2d3f",
         *         "name": "console",
         *         "roles": [
         *           "read",
         *           "write"
         *         ]
         *       }
         *     }
         */
        CurrentAccountResponse: {
            account: components["schemas"]["Account"];
            key: {
                /** @description The key's id (not its secret). */
                id: string;
                /** @description The key's label, null when it was created without one. */
                name: string | null;
                roles: components["schemas"]["KeyRoles"];
            };
        };
        /**
         * @description `DAILY`: a digest per UTC calendar day; `WEEKLY`: per week, Monday 00:00 UTC to the next;
         *     `OFF`: none.
         * @example DAILY
         * @enum {string}
         */
        DigestFrequency: "OFF" | "DAILY" | "WEEKLY";
        /**
         * @description One digest: the period it covers (`periodStart` inclusive, `periodEnd` exclusive, epoch
         *     milliseconds) and how it ended. `SENDING` while a process sends it; `SENT`; `EMPTY` when the
         *     period had nothing to list (nothing is sent); `NOT_SENT` without SMTP_URL or recipients;
         *     `FAILED` when the mail server refused it (a later check tries again, 3 attempts in all).
         * @example {
         *       "frequency": "DAILY",
         *       "periodStart": 1795305600000,
         *       "periodEnd": 1795392000000,
         *       "status": "SENT",
         *       "detail": "sent to secops@example.com",
         *       "attempts": 1,
         *       "finishedOn": 1795392310000
         *     }
         */
        DigestRun: {
            /** @enum {string} */
            frequency: "DAILY" | "WEEKLY";
            periodStart: number;
            periodEnd: number;
            /** @enum {string} */
            status: "SENDING" | "SENT" | "EMPTY" | "NOT_SENT" | "FAILED";
            /** @description To whom it was sent, or why not. */
            detail: string | null;
            attempts: number;
            finishedOn: number | null;
        };
        /**
         * @example {
         *       "frequency": "DAILY",
         *       "recipients": [],
         *       "sendsTo": [
         *         "secops@example.com"
         *       ],
         *       "lastRun": null
         *     }
         */
        DigestSettings: {
            frequency: components["schemas"]["DigestFrequency"];
            /** @description The addresses set; empty means the account's `notificationEmails`. */
            recipients: string[];
            /** @description Where the next digest goes (`recipients`, else `notificationEmails`). */
            sendsTo: string[];
            /** @description The newest digest run, or null before the first. */
            lastRun: null | components["schemas"]["DigestRun"];
        };
        /**
         * @example {
         *       "digest": {
         *         "frequency": "DAILY",
         *         "recipients": [
         *           "secops@example.com"
         *         ],
         *         "sendsTo": [
         *           "secops@example.com"
         *         ],
         *         "lastRun": {
         *           "frequency": "DAILY",
         *           "periodStart": 1795305600000,
         *           "periodEnd": 1795392000000,
         *           "status": "SENT",
         *           "detail": "sent to secops@example.com",
         *           "attempts": 1,
         *           "finishedOn": 1795392310000
         *         }
         *       }
         *     }
         */
        DigestSettingsResponse: {
            digest: components["schemas"]["DigestSettings"];
        };
        /**
         * @example {
         *       "frequency": "WEEKLY",
         *       "recipients": [
         *         "secops@example.com"
         *       ]
         *     }
         */
        SetDigestSettingsRequest: {
            frequency: components["schemas"]["DigestFrequency"];
            /**
             * @description Where the digest goes: plain `local@domain` addresses, at most 20. Empty or absent: the
             *     account's `notificationEmails`.
             */
            recipients?: string[];
        };
        /**
         * @description What a query of the account can name, sorted: the entity types that have a live entity, the
         *     classes those entities carry (read from one live entity of each type), and every property
         *     name the account's entities and relationships have held (the property catalog, which only
         *     grows).
         * @example {
         *       "classes": [
         *         "DataStore",
         *         "Host"
         *       ],
         *       "types": [
         *         "aws_instance",
         *         "aws_s3_bucket"
         *       ],
         *       "properties": [
         *         "_class",
         *         "_type",
         *         "encrypted",
         *         "name",
         *         "tag.Production"
         *       ]
         *     }
         */
        QueryVocabularyResponse: {
            classes: string[];
            types: string[];
            properties: string[];
        };
        /**
         * @example {
         *       "total": 2,
         *       "entities": [
         *         {
         *           "id": "3f2b7c1e-9a4d-4e5f-8b6a-1c2d3e4f5a6b",
         *           "displayName": "logs",
         *           "class": [
         *             "DataStore"
         *           ],
         *           "type": "aws_s3_bucket",
         *           "deleted": false
         *         },
         *         {
         *           "id": "7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d",
         *           "displayName": "web",
         *           "class": [
         *             "DataStore"
         *           ],
         *           "type": "aws_s3_bucket",
         *           "deleted": false
         *         }
         *       ]
         *     }
         */
        EvaluationEntitiesResponse: {
            /** @description How many entities the evaluation's results held. */
            total: number;
            entities: {
                /** @description The entity's `_id`. */
                id: string;
                /** @description Its displayName, else its `_key`. */
                displayName: string | null;
                /** @description Its `_class`, as a list. */
                class: string[];
                /** @description Its `_type`. */
                type: string;
                /** @description Deleted since the evaluation. */
                deleted: boolean;
            }[];
        };
        /**
         * @description A rule's versions, newest first: the current one, then each one an update replaced, with the
         *     definition as it was saved. The web console's rule editor diffs two of them.
         * @example {
         *       "versions": [
         *         {
         *           "version": 2,
         *           "savedOn": 1748649600000,
         *           "rule": {
         *             "name": "unencrypted-buckets",
         *             "description": "Buckets without encryption at rest",
         *             "specVersion": 1,
         *             "pollingInterval": "ONE_DAY",
         *             "question": {
         *               "queries": [
         *                 {
         *                   "name": "query0",
         *                   "query": "FIND aws_s3_bucket WITH encrypted != true"
         *                 }
         *               ]
         *             },
         *             "operations": [
         *               {
         *                 "when": {
         *                   "type": "FILTER",
         *                   "condition": "{{queries.query0.total > 0}}"
         *                 },
         *                 "actions": [
         *                   {
         *                     "type": "CREATE_ALERT"
         *                   }
         *                 ]
         *               }
         *             ]
         *           }
         *         },
         *         {
         *           "version": 1,
         *           "savedOn": 1748563200000,
         *           "rule": {
         *             "name": "unencrypted-buckets",
         *             "description": "Unencrypted buckets",
         *             "specVersion": 1,
         *             "pollingInterval": "ONE_DAY",
         *             "question": {
         *               "queries": [
         *                 {
         *                   "name": "query0",
         *                   "query": "FIND aws_s3_bucket WITH encrypted != true"
         *                 }
         *               ]
         *             },
         *             "operations": [
         *               {
         *                 "when": {
         *                   "type": "FILTER",
         *                   "condition": "{{queries.query0.total > 0}}"
         *                 },
         *                 "actions": [
         *                   {
         *                     "type": "CREATE_ALERT"
         *                   }
         *                 ]
         *               }
         *             ]
         *           }
         *         }
         *       ]
         *     }
         */
        RuleVersionsResponse: {
            versions: {
                /** @description 1 at creation, + 1 on every update. */
                version: number;
                /** @description When this version was saved (created or updated), epoch milliseconds. */
                savedOn: number;
                rule: components["schemas"]["RuleRequest"];
            }[];
        };
        /**
         * @description Which message a layout draws: `alert` (SEND_EMAIL), `failure` (the `notifyOnFailure` notice)
         *     or `digest` (the daily or weekly alert digest).
         * @enum {string}
         */
        NotificationKind: "alert" | "failure" | "digest";
        NotificationTemplate: {
            kind: components["schemas"]["NotificationKind"];
            /** @description The account's own layout (`true`) or the default (`false`). */
            custom: boolean;
            /** @description The HTML part's Handlebars layout, a whole document. */
            html: string;
            /** @description The plain-text part's Handlebars layout. */
            text: string;
            /**
             * Format: int64
             * @description When the custom layout was saved (epoch ms); null for the default.
             */
            updatedOn: number | null;
        };
        NotificationTemplateListResponse: {
            /** @description Every kind, in the order alert, failure, digest. */
            templates: components["schemas"]["NotificationTemplate"][];
        };
        NotificationTemplateResponse: {
            template: components["schemas"]["NotificationTemplate"];
        };
        PutNotificationTemplateRequest: {
            /** @description The HTML part's layout (at most 64 KiB). */
            html: string;
            /** @description The plain-text part's layout (at most 64 KiB). */
            text: string;
        };
        PreviewNotificationTemplateRequest: {
            /** @description An unsaved HTML layout to preview; without it the stored (or default) one. */
            html?: string;
            /** @description An unsaved plain-text layout to preview; without it the stored (or default) one. */
            text?: string;
            /** @description For `alert` and `failure`, the rule whose evaluation the preview renders. */
            ruleId?: string;
            /** @description That rule's evaluation; without it, its newest. */
            evaluationId?: string;
        };
        NotificationPreview: {
            subject: string;
            html: string;
            text: string;
        };
        NotificationPreviewResponse: {
            preview: components["schemas"]["NotificationPreview"];
        };
    };
    responses: {
        /**
         * @description The body fails validation (`VALIDATION_ERROR`), the query does not parse
         *     (`J1QL_SYNTAX_ERROR`, with `details.line`, `details.column`, `details.token`,
         *     `details.expected`), or it parses but cannot run (`J1QL_INVALID_QUERY`).
         */
        QueryRejected: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The request is malformed or fails validation. */
        BadRequest: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The API key (or admin token) is missing, unknown or revoked. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /**
         * @description The API key is valid but belongs to another account (`FORBIDDEN`), or lacks the role the
         *     operation needs (`INSUFFICIENT_ROLE`).
         */
        Forbidden: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The content of a raw-data version, exactly as stored. */
        RawDataContent: {
            headers: {
                /** @description The entry's `contentType`. */
                "Content-Type"?: string;
                /** @description The entry's `contentLength`. */
                "Content-Length"?: number;
                /** @description The quoted `versionId`. */
                ETag?: string;
                /** @description The `versionId` of the version sent. */
                "X-Raw-Data-Version-Id"?: string;
                [name: string]: unknown;
            };
            content: {
                /** @example {"instanceId":"i-0a1b2c3d"} */
                "*/*": string;
            };
        };
        /** @description No such resource in this account (or, for /admin, the admin API is disabled). */
        NotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The resource exists already or is in the wrong state. */
        Conflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The body is over MAX_BODY_SIZE (code `RequestEntityTooLargeException`). */
        PayloadTooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /**
         * @description The Content-Type or Content-Encoding is not accepted here. For a Content-Type the message
         *     lists the accepted ones, e.g. `Unsupported Content-Type: text/plain (accepted:
         *     application/json, text/csv, application/yaml, text/yaml, application/x-yaml)`.
         */
        UnsupportedMediaType: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description Neo4j (or Redis) is unreachable right now (code `SERVICE_UNAVAILABLE`). Safe to retry. */
        ServiceUnavailable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /**
         * @description The `If-None-Match` request header names the current `ETag`: the client's copy is current.
         *     No body.
         */
        NotModified: {
            headers: {
                /** @description The content's tag, as the 200 sent it. */
                ETag?: string;
                [name: string]: unknown;
            };
            content?: never;
        };
        /** @description An unexpected fault; never caused by the request's content. Safe to retry. */
        InternalError: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /**
         * @description The job is no longer in status `AWAITING_UPLOADS` (it was finalized or aborted, or has
         *     failed), so it takes no more uploads, finalize or abort. Code `JOB_NOT_AWAITING_UPLOADS`;
         *     the message names the job's status. Clients should stop retrying.
         */
        JobNotAwaitingUploads: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "JOB_NOT_AWAITING_UPLOADS",
                 *         "message": "Sync job '7a5eb83f-03d3-4651-a8fd-ddff9da98757' is FINISHED: only a job in AWAITING_UPLOADS accepts uploads, finalize or abort"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /**
         * @description The job no longer awaits uploads (code `JOB_NOT_AWAITING_UPLOADS`, the message names its
         *     status; clients should stop retrying), or the batch's `JupiterOne-Correlation-Id` was
         *     already used for a batch of this job with other content (code `CORRELATION_ID_REUSED`):
         *     this batch was not stored or counted; send it again under a new correlation id.
         */
        UploadConflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /**
         * @description The job no longer awaits uploads (code `JOB_NOT_AWAITING_UPLOADS`, the message names its
         *     status), or it already has its bulk file (code `BULK_FILE_ALREADY_UPLOADED`: only one bulk
         *     upload is allowed per job).
         */
        BulkUploadConflict: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "BULK_FILE_ALREADY_UPLOADED",
                 *         "message": "Sync job '7a5eb83f-03d3-4651-a8fd-ddff9da98757' already has its bulk file: only one bulk upload is allowed per job"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /**
         * @description The upload URL was changed or has expired (code `INVALID_UPLOAD_URL`). Ask
         *     `getSyncJobUploadUrl` for a new one.
         */
        InvalidUploadUrl: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
        /** @description The parameter (a secret one without its `value`). */
        Parameter: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "parameter": {
                 *         "name": "trustedCidrs",
                 *         "value": [
                 *           "10.0.0.0/8",
                 *           "192.168.0.0/16"
                 *         ],
                 *         "secret": false,
                 *         "createdOn": 1795353156539,
                 *         "updatedOn": 1795353156539
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ParameterResponse"];
            };
        };
        /**
         * @description The account has no parameter of that name (code `PARAMETER_NOT_FOUND`). Another account's
         *     parameter reads the same.
         */
        ParameterNotFound: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                /**
                 * @example {
                 *       "error": {
                 *         "code": "PARAMETER_NOT_FOUND",
                 *         "message": "No parameter named 'trustedCidrs' in this account"
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["ErrorResponse"];
            };
        };
    };
    parameters: {
        /** @description An account id. */
        AccountId: components["schemas"]["AccountId"];
        /** @description The key's `id` (not its secret). */
        KeyId: string;
        /**
         * @description The job's `id`, as returned when it was started (a UUID). Any other value is simply an
         *     unknown job (404).
         */
        JobId: string;
        /**
         * @description An entity's `_id` (a UUID assigned by the service). An unknown id, or another account's
         *     entity, is 404 `ENTITY_NOT_FOUND`.
         */
        EntityId: string;
        /** @description A raw-data entry name (a key of `entries`), URL-encoded. */
        RawDataEntryName: string;
        /** @description The rule's `id`. An unknown id, or another account's rule, is 404 `RULE_NOT_FOUND`. */
        RuleId: string;
        /**
         * @description The question's `id`. An unknown id, or another account's question, is 404
         *     `QUESTION_NOT_FOUND`.
         */
        QuestionId: string;
        /**
         * @description The instance's `id`. An unknown id, or another account's instance, is 404
         *     `INTEGRATION_NOT_FOUND`.
         */
        IntegrationId: string;
        /** @description The alert's `id`. An unknown id, or another account's alert, is 404 `ALERT_NOT_FOUND`. */
        AlertId: string;
        /** @description The subscription's `id`. An unknown id, or another account's subscription, is 404. */
        SubscriptionId: string;
        /**
         * @description A parameter name: 1 to 128 letters, digits and `_`, not starting with a digit
         *     (`^[A-Za-z_][A-Za-z0-9_]{0,127}$`), so that `${param.<name>}` and `param.<name>` reach it.
         *     Names are case-sensitive. Any other name is 400 `VALIDATION_ERROR` (`Invalid parameter
         *     name 'my-param': ...`).
         */
        ParameterName: string;
        /**
         * @description `true`: an object whose `_key` was already uploaded to this job (in this or an earlier
         *     batch) replaces the earlier one instead of being a 400. Default `false`, or the job's own
         *     `ignoreDuplicates` flag.
         */
        IgnoreDuplicates: boolean;
        /**
         * @description `true`: drop properties that break the property rules (reserved `_` prefix, nested objects,
         *     mixed-type arrays) instead of rejecting the object. Default `false`.
         */
        IgnoreIllegalProperties: boolean;
        /**
         * @description Identifies one batch. Clients send the same value when they retry the batch; a batch whose
         *     correlation id this job has already staged, with the same content, is not counted or staged
         *     again (the answer is the job, 200). Content is compared after validation, so the same
         *     objects re-sent compressed, in another format or to another upload route are the same
         *     batch. Other content under a correlation id the job already took is 409
         *     `CORRELATION_ID_REUSED`: that batch is not stored, and the client must send it under a new
         *     correlation id. `bulk-file` is reserved for the job's bulk upload file (400).
         */
        CorrelationId: string;
    };
    requestBodies: never;
    headers: {
        /**
         * @description A strong tag of the content, fixed at start; send it in `If-None-Match` to get a 304 while
         *     the content is current.
         */
        ETag: string;
        /** @description `no-cache`: a client may keep a copy but revalidates it (with `If-None-Match`). */
        CacheControl: "no-cache";
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The process is up. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": components["schemas"]["HealthResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every dependency answers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReadinessResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description At least one dependency does not answer. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "unavailable",
                     *       "mode": "queue",
                     *       "checks": {
                     *         "neo4j": "ok",
                     *         "redis": "down"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ReadinessResponse"];
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every metric of this process. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example # HELP graphsync_sync_jobs_total Sync jobs that reached each status in this process
                     *     # TYPE graphsync_sync_jobs_total counter
                     *     graphsync_sync_jobs_total{status="AWAITING_UPLOADS"} 3
                     */
                    "text/plain": string;
                };
            };
            400: components["responses"]["BadRequest"];
            /** @description `METRICS_TOKEN` is set and the request did not send it as a bearer token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
        };
    };
    getOpenapiYaml: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description openapi.yaml, byte for byte. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example openapi: 3.1.0
                     *     info:
                     *       title: graphsync API
                     *       version: 0.1.0
                     */
                    "application/yaml": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
        };
    };
    getOpenapiJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description openapi.yaml as JSON. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OpenApiDocument"];
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
        };
    };
    getApiDocs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The HTML page. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example <!doctype html>
                     *     <html lang="en">
                     *       <head>
                     *         <meta charset="utf-8" />
                     *         <meta name="viewport" content="width=device-width, initial-scale=1" />
                     *         <title>graphsync API: documentation</title>
                     *         <link rel="stylesheet" href="/docs/assets/swagger-ui.css" />
                     *       </head>
                     *       <body>
                     *         <noscript>This page needs JavaScript. The contract it renders is at /openapi.yaml.</noscript>
                     *         <div id="swagger-ui"></div>
                     *         <script src="/docs/assets/swagger-ui-bundle.js"></script>
                     *         <script src="/docs/assets/docs.js"></script>
                     *       </body>
                     *     </html>
                     */
                    "text/html": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
        };
    };
    getApiDocsAsset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The file name. */
                asset: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file. */
            200: {
                headers: {
                    ETag: components["headers"]["ETag"];
                    "Cache-Control": components["headers"]["CacheControl"];
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example // Starts Swagger UI (swagger-ui-dist) on this service's contract. Served by graphsync.
                     *     window.ui = SwaggerUIBundle({
                     *       url: '/openapi.json',
                     *       dom_id: '#swagger-ui',
                     *       deepLinking: true,
                     *       docExpansion: 'full',
                     *       defaultModelRendering: 'example',
                     *       defaultModelsExpandDepth: 0,
                     *       displayOperationId: true,
                     *       filter: true,
                     *       supportedSubmitMethods: [],
                     *       validatorUrl: null,
                     *     });
                     */
                    "text/javascript": string;
                    "text/css": string;
                };
            };
            304: components["responses"]["NotModified"];
            400: components["responses"]["BadRequest"];
            404: components["responses"]["NotFound"];
        };
    };
    getCurrentAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account and the calling key. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CurrentAccountResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    setAccountNotificationEmails: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "emails": [
                 *         "secops@example.com"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["SetNotificationEmailsRequest"];
            };
        };
        responses: {
            /** @description The account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getAccountNotificationDigest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The digest settings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DigestSettingsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    setAccountNotificationDigest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "frequency": "DAILY",
                 *       "recipients": [
                 *         "secops@example.com"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["SetDigestSettingsRequest"];
            };
        };
        responses: {
            /** @description The digest settings. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DigestSettingsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listAccountApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The keys. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "keys": [
                     *         {
                     *           "id": "0b8f8f0e-3f7c-4d57-9b1e-2f6f2b7c9a10",
                     *           "name": "aws-integration",
                     *           "accountId": "acme-prod",
                     *           "roles": [
                     *             "ingest"
                     *           ],
                     *           "createdOn": 1795353090000,
                     *           "revokedOn": null
                     *         },
                     *         {
                     *           "id": "d1dd4b07-b66d-4671-acff-42f81888a32e",
                     *           "name": "ci",
                     *           "accountId": "acme-prod",
                     *           "roles": [
                     *             "ingest",
                     *             "read",
                     *             "write",
                     *             "admin"
                     *           ],
                     *           "createdOn": 1795353060000,
                     *           "revokedOn": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ApiKeyListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createAccountApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "aws-integration",
                 *       "roles": [
                 *         "ingest"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateAccountApiKeyRequest"];
            };
        };
        responses: {
            /** @description The new key, with its secret. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "key": {
                     *         "id": "0b8f8f0e-3f7c-4d57-9b1e-2f6f2b7c9a10",
                     *         "name": "aws-integration",
                     *         "accountId": "acme-prod",
                     *         "roles": [
                     *           "ingest"
                     *         ],
                     *         "createdOn": 1795353090000,
                     *         "revokedOn": null,
                     *         "secret": "gsk_Qm9vb3Rz4n7c1Xh0mFzZXJ2aWNlLWtleS1leGFtcGxlLWtleQ"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CreatedApiKeyResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    revokeAccountApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The key's `id` (not its secret). */
                keyId: components["parameters"]["KeyId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked key. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "key": {
                     *         "id": "0b8f8f0e-3f7c-4d57-9b1e-2f6f2b7c9a10",
                     *         "name": "aws-integration",
                     *         "accountId": "acme-prod",
                     *         "roles": [
                     *           "ingest"
                     *         ],
                     *         "createdOn": 1795353090000,
                     *         "revokedOn": 1795356600000
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ApiKeyResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    adminListAccounts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every account, ordered by id. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "accounts": [
                     *         {
                     *           "id": "acme-prod",
                     *           "features": [
                     *             "OVERRIDE",
                     *             "PUT"
                     *           ],
                     *           "notificationEmails": [
                     *             "secops@acme.example"
                     *           ],
                     *           "createdOn": 1795353000000
                     *         },
                     *         {
                     *           "id": "local",
                     *           "features": [
                     *             "OVERRIDE",
                     *             "PUT"
                     *           ],
                     *           "notificationEmails": [
                     *             "secops@example.com"
                     *           ],
                     *           "createdOn": 1748563200000
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["AccountListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    adminCreateAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "id": "acme-prod",
                 *       "features": [
                 *         "PUT"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateAccountRequest"];
            };
        };
        responses: {
            /** @description The new account. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "account": {
                     *         "id": "acme-prod",
                     *         "features": [
                     *           "PUT"
                     *         ],
                     *         "notificationEmails": [],
                     *         "createdOn": 1795353000000
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["AccountResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    adminGetAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An account id. */
                accountId: components["parameters"]["AccountId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    adminUpdateAccount: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An account id. */
                accountId: components["parameters"]["AccountId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "features": [
                 *         "PUT",
                 *         "OVERRIDE"
                 *       ],
                 *       "notificationEmails": [
                 *         "secops@acme.example"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["UpdateAccountRequest"];
            };
        };
        responses: {
            /** @description The updated account. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "account": {
                     *         "id": "acme-prod",
                     *         "features": [
                     *           "OVERRIDE",
                     *           "PUT"
                     *         ],
                     *         "notificationEmails": [
                     *           "secops@acme.example"
                     *         ],
                     *         "createdOn": 1795353000000
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["AccountResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    adminListApiKeys: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An account id. */
                accountId: components["parameters"]["AccountId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The keys. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "keys": [
                     *         {
                     *           "id": "d1dd4b07-b66d-4671-acff-42f81888a32e",
                     *           "name": "ci",
                     *           "accountId": "acme-prod",
                     *           "roles": [
                     *             "ingest",
                     *             "read"
                     *           ],
                     *           "createdOn": 1795353060000,
                     *           "revokedOn": null
                     *         },
                     *         {
                     *           "id": "72263648-972d-4f64-89f3-a0d29b3b09e8",
                     *           "name": null,
                     *           "accountId": "acme-prod",
                     *           "roles": [
                     *             "ingest",
                     *             "read",
                     *             "write",
                     *             "admin"
                     *           ],
                     *           "createdOn": 1795353020000,
                     *           "revokedOn": 1795353080000
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ApiKeyListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    adminCreateApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An account id. */
                accountId: components["parameters"]["AccountId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "name": "ci",
                 *       "roles": [
                 *         "ingest",
                 *         "read"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["CreateApiKeyRequest"];
            };
        };
        responses: {
            /** @description The new key, with its secret. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "key": {
                     *         "id": "d1dd4b07-b66d-4671-acff-42f81888a32e",
                     *         "name": "ci",
                     *         "accountId": "acme-prod",
                     *         "roles": [
                     *           "ingest",
                     *           "read"
                     *         ],
                     *         "createdOn": 1795353060000,
                     *         "revokedOn": null,
                     *         "secret": "gsk_9OloXE33ivTg6X5OKEJtOxY-tuOZTigw8swo9aVejVg"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["CreatedApiKeyResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    adminRevokeApiKey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description An account id. */
                accountId: components["parameters"]["AccountId"];
                /** @description The key's `id` (not its secret). */
                keyId: components["parameters"]["KeyId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked key. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "key": {
                     *         "id": "d1dd4b07-b66d-4671-acff-42f81888a32e",
                     *         "name": "ci",
                     *         "accountId": "acme-prod",
                     *         "roles": [
                     *           "ingest",
                     *           "read"
                     *         ],
                     *         "createdOn": 1795353060000,
                     *         "revokedOn": 1795356600000
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ApiKeyResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listSyncJobs: {
        parameters: {
            query?: {
                /** @description Only jobs in one of these statuses (repeat the parameter for several). */
                status?: components["schemas"]["SyncJobStatus"][];
                /** @description Only the jobs of this scope. */
                scope?: string;
                /** @description Only the jobs of this source. */
                source?: components["schemas"]["SyncJobSource"];
                /** @description Only the jobs of this integration instance. */
                integrationInstanceId?: string;
                /**
                 * @description Only jobs started at or after this instant: epoch milliseconds or an ISO 8601
                 *     date-time with `Z` or an offset.
                 */
                startedSince?: string;
                limit?: number;
                /** @description The `cursor` of the previous page. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of jobs. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "jobs": [
                     *         {
                     *           "id": "7a5eb83f-03d3-4651-a8fd-ddff9da98757",
                     *           "accountId": "local",
                     *           "source": "api",
                     *           "scope": "my-scope",
                     *           "syncMode": "DIFF",
                     *           "status": "FINALIZE_PENDING",
                     *           "done": false,
                     *           "phase": "relationships",
                     *           "percent": 62,
                     *           "startTimestamp": 1795353156539,
                     *           "ignoreDuplicates": false,
                     *           "partialDatasetTypes": [],
                     *           "numEntitiesUploaded": 2000,
                     *           "numEntitiesCreated": 2000,
                     *           "numEntitiesUpdated": 0,
                     *           "numEntitiesDeleted": 0,
                     *           "numEntityUpdateErrors": 0,
                     *           "numRelationshipsUploaded": 1000,
                     *           "numRelationshipsCreated": 400,
                     *           "numRelationshipsUpdated": 0,
                     *           "numRelationshipsDeleted": 0,
                     *           "numRelationshipCreateErrors": 0,
                     *           "numMappedRelationshipsUploaded": 0,
                     *           "numRawDataVersionsCreated": 0
                     *         }
                     *       ],
                     *       "cursor": "MTc5NTM1MzE1NjUzOTo3YTVlYjgzZi0wM2QzLTQ2NTEtYThmZC1kZGZmOWRhOTg3NTc"
                     *     }
                     */
                    "application/json": components["schemas"]["SyncJobListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    startSyncJob: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StartSyncJobRequest"];
            };
        };
        responses: {
            /** @description The new job, awaiting uploads. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "job": {
                     *         "id": "7a5eb83f-03d3-4651-a8fd-ddff9da98757",
                     *         "accountId": "local",
                     *         "source": "api",
                     *         "scope": "my-scope",
                     *         "syncMode": "DIFF",
                     *         "status": "AWAITING_UPLOADS",
                     *         "done": false,
                     *         "startTimestamp": 1795353156539,
                     *         "ignoreDuplicates": false,
                     *         "numEntitiesUploaded": 0,
                     *         "numEntitiesCreated": 0,
                     *         "numEntitiesUpdated": 0,
                     *         "numEntitiesDeleted": 0,
                     *         "numEntityUpdateErrors": 0,
                     *         "numRelationshipsUploaded": 0,
                     *         "numRelationshipsCreated": 0,
                     *         "numRelationshipsUpdated": 0,
                     *         "numRelationshipsDeleted": 0,
                     *         "numRelationshipCreateErrors": 0,
                     *         "numMappedRelationshipsUploaded": 0,
                     *         "numRawDataVersionsCreated": 0
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["SyncJobResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getSyncJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The job's `id`, as returned when it was started (a UUID). Any other value is simply an
                 *     unknown job (404).
                 */
                jobId: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "job": {
                     *         "id": "7a5eb83f-03d3-4651-a8fd-ddff9da98757",
                     *         "accountId": "local",
                     *         "source": "api",
                     *         "scope": "my-scope",
                     *         "syncMode": "DIFF",
                     *         "status": "FINISHED",
                     *         "done": true,
                     *         "startTimestamp": 1795353156539,
                     *         "endTimestamp": 1795353163742,
                     *         "ignoreDuplicates": false,
                     *         "partialDatasetTypes": [
                     *           "aws_s3_bucket"
                     *         ],
                     *         "numEntitiesUploaded": 2,
                     *         "numEntitiesCreated": 2,
                     *         "numEntitiesUpdated": 0,
                     *         "numEntitiesDeleted": 0,
                     *         "numEntityUpdateErrors": 0,
                     *         "numRelationshipsUploaded": 1,
                     *         "numRelationshipsCreated": 1,
                     *         "numRelationshipsUpdated": 0,
                     *         "numRelationshipsDeleted": 0,
                     *         "numRelationshipCreateErrors": 0,
                     *         "numMappedRelationshipsUploaded": 0,
                     *         "numRawDataVersionsCreated": 0
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["SyncJobResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    uploadSyncJobData: {
        parameters: {
            query?: {
                /**
                 * @description `true`: an object whose `_key` was already uploaded to this job (in this or an earlier
                 *     batch) replaces the earlier one instead of being a 400. Default `false`, or the job's own
                 *     `ignoreDuplicates` flag.
                 */
                ignoreDuplicates?: components["parameters"]["IgnoreDuplicates"];
                /**
                 * @description `true`: drop properties that break the property rules (reserved `_` prefix, nested objects,
                 *     mixed-type arrays) instead of rejecting the object. Default `false`.
                 */
                ignoreIllegalProperties?: components["parameters"]["IgnoreIllegalProperties"];
            };
            header?: {
                /**
                 * @description Identifies one batch. Clients send the same value when they retry the batch; a batch whose
                 *     correlation id this job has already staged, with the same content, is not counted or staged
                 *     again (the answer is the job, 200). Content is compared after validation, so the same
                 *     objects re-sent compressed, in another format or to another upload route are the same
                 *     batch. Other content under a correlation id the job already took is 409
                 *     `CORRELATION_ID_REUSED`: that batch is not stored, and the client must send it under a new
                 *     correlation id. `bulk-file` is reserved for the job's bulk upload file (400).
                 */
                "JupiterOne-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /**
                 * @description The job's `id`, as returned when it was started (a UUID). Any other value is simply an
                 *     unknown job (404).
                 */
                jobId: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SyncJobUploadRequest"];
                "text/csv": components["schemas"]["SyncJobUploadCsv"];
                "application/yaml": components["schemas"]["SyncJobUploadYaml"];
                "text/yaml": components["schemas"]["SyncJobUploadYaml"];
                "application/x-yaml": components["schemas"]["SyncJobUploadYaml"];
            };
        };
        responses: {
            /** @description The job, with the batch counted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "job": {
                     *         "id": "7a5eb83f-03d3-4651-a8fd-ddff9da98757",
                     *         "accountId": "local",
                     *         "source": "api",
                     *         "scope": "my-scope",
                     *         "syncMode": "DIFF",
                     *         "status": "AWAITING_UPLOADS",
                     *         "done": false,
                     *         "startTimestamp": 1795353156539,
                     *         "ignoreDuplicates": false,
                     *         "numEntitiesUploaded": 2,
                     *         "numEntitiesCreated": 0,
                     *         "numEntitiesUpdated": 0,
                     *         "numEntitiesDeleted": 0,
                     *         "numEntityUpdateErrors": 0,
                     *         "numRelationshipsUploaded": 1,
                     *         "numRelationshipsCreated": 0,
                     *         "numRelationshipsUpdated": 0,
                     *         "numRelationshipsDeleted": 0,
                     *         "numRelationshipCreateErrors": 0,
                     *         "numMappedRelationshipsUploaded": 0,
                     *         "numRawDataVersionsCreated": 0
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["SyncJobResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["UploadConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    uploadSyncJobEntities: {
        parameters: {
            query?: {
                /**
                 * @description `true`: an object whose `_key` was already uploaded to this job (in this or an earlier
                 *     batch) replaces the earlier one instead of being a 400. Default `false`, or the job's own
                 *     `ignoreDuplicates` flag.
                 */
                ignoreDuplicates?: components["parameters"]["IgnoreDuplicates"];
                /**
                 * @description `true`: drop properties that break the property rules (reserved `_` prefix, nested objects,
                 *     mixed-type arrays) instead of rejecting the object. Default `false`.
                 */
                ignoreIllegalProperties?: components["parameters"]["IgnoreIllegalProperties"];
            };
            header?: {
                /**
                 * @description Identifies one batch. Clients send the same value when they retry the batch; a batch whose
                 *     correlation id this job has already staged, with the same content, is not counted or staged
                 *     again (the answer is the job, 200). Content is compared after validation, so the same
                 *     objects re-sent compressed, in another format or to another upload route are the same
                 *     batch. Other content under a correlation id the job already took is 409
                 *     `CORRELATION_ID_REUSED`: that batch is not stored, and the client must send it under a new
                 *     correlation id. `bulk-file` is reserved for the job's bulk upload file (400).
                 */
                "JupiterOne-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /**
                 * @description The job's `id`, as returned when it was started (a UUID). Any other value is simply an
                 *     unknown job (404).
                 */
                jobId: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SyncJobEntitiesRequest"];
                "text/csv": components["schemas"]["SyncJobUploadCsv"];
                "application/yaml": components["schemas"]["SyncJobUploadYaml"];
                "text/yaml": components["schemas"]["SyncJobUploadYaml"];
                "application/x-yaml": components["schemas"]["SyncJobUploadYaml"];
            };
        };
        responses: {
            /** @description The job, with the batch counted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "job": {
                     *         "id": "7a5eb83f-03d3-4651-a8fd-ddff9da98757",
                     *         "accountId": "local",
                     *         "source": "api",
                     *         "scope": "my-scope",
                     *         "syncMode": "DIFF",
                     *         "status": "AWAITING_UPLOADS",
                     *         "done": false,
                     *         "startTimestamp": 1795353156539,
                     *         "ignoreDuplicates": false,
                     *         "numEntitiesUploaded": 1,
                     *         "numEntitiesCreated": 0,
                     *         "numEntitiesUpdated": 0,
                     *         "numEntitiesDeleted": 0,
                     *         "numEntityUpdateErrors": 0,
                     *         "numRelationshipsUploaded": 0,
                     *         "numRelationshipsCreated": 0,
                     *         "numRelationshipsUpdated": 0,
                     *         "numRelationshipsDeleted": 0,
                     *         "numRelationshipCreateErrors": 0,
                     *         "numMappedRelationshipsUploaded": 0,
                     *         "numRawDataVersionsCreated": 0
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["SyncJobResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["UploadConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    uploadSyncJobRelationships: {
        parameters: {
            query?: {
                /**
                 * @description `true`: an object whose `_key` was already uploaded to this job (in this or an earlier
                 *     batch) replaces the earlier one instead of being a 400. Default `false`, or the job's own
                 *     `ignoreDuplicates` flag.
                 */
                ignoreDuplicates?: components["parameters"]["IgnoreDuplicates"];
                /**
                 * @description `true`: drop properties that break the property rules (reserved `_` prefix, nested objects,
                 *     mixed-type arrays) instead of rejecting the object. Default `false`.
                 */
                ignoreIllegalProperties?: components["parameters"]["IgnoreIllegalProperties"];
            };
            header?: {
                /**
                 * @description Identifies one batch. Clients send the same value when they retry the batch; a batch whose
                 *     correlation id this job has already staged, with the same content, is not counted or staged
                 *     again (the answer is the job, 200). Content is compared after validation, so the same
                 *     objects re-sent compressed, in another format or to another upload route are the same
                 *     batch. Other content under a correlation id the job already took is 409
                 *     `CORRELATION_ID_REUSED`: that batch is not stored, and the client must send it under a new
                 *     correlation id. `bulk-file` is reserved for the job's bulk upload file (400).
                 */
                "JupiterOne-Correlation-Id"?: components["parameters"]["CorrelationId"];
            };
            path: {
                /**
                 * @description The job's `id`, as returned when it was started (a UUID). Any other value is simply an
                 *     unknown job (404).
                 */
                jobId: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SyncJobRelationshipsRequest"];
                "text/csv": components["schemas"]["SyncJobUploadCsv"];
                "application/yaml": components["schemas"]["SyncJobUploadYaml"];
                "text/yaml": components["schemas"]["SyncJobUploadYaml"];
                "application/x-yaml": components["schemas"]["SyncJobUploadYaml"];
            };
        };
        responses: {
            /** @description The job, with the batch counted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "job": {
                     *         "id": "7a5eb83f-03d3-4651-a8fd-ddff9da98757",
                     *         "accountId": "local",
                     *         "source": "api",
                     *         "scope": "my-scope",
                     *         "syncMode": "DIFF",
                     *         "status": "AWAITING_UPLOADS",
                     *         "done": false,
                     *         "startTimestamp": 1795353156539,
                     *         "ignoreDuplicates": false,
                     *         "numEntitiesUploaded": 2,
                     *         "numEntitiesCreated": 0,
                     *         "numEntitiesUpdated": 0,
                     *         "numEntitiesDeleted": 0,
                     *         "numEntityUpdateErrors": 0,
                     *         "numRelationshipsUploaded": 1,
                     *         "numRelationshipsCreated": 0,
                     *         "numRelationshipsUpdated": 0,
                     *         "numRelationshipsDeleted": 0,
                     *         "numRelationshipCreateErrors": 0,
                     *         "numMappedRelationshipsUploaded": 0,
                     *         "numRawDataVersionsCreated": 0
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["SyncJobResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["UploadConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    finalizeSyncJob: {
        parameters: {
            query?: {
                /**
                 * @description `true`: apply a `DIFF` without its delete guard. On a job the guard stopped (`FAILED`,
                 *     `deleteGuard.state` `stopped`) it moves the job back to `FINALIZE_PENDING` and applies
                 *     its kept staged data; on any other `FAILED` job it is 409
                 *     `JOB_NOT_STOPPED_BY_DELETE_GUARD` (docs/guide/safe-sync.md).
                 */
                allowDeletes?: boolean;
            };
            header?: never;
            path: {
                /**
                 * @description The job's `id`, as returned when it was started (a UUID). Any other value is simply an
                 *     unknown job (404).
                 */
                jobId: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["FinalizeSyncJobRequest"];
            };
        };
        responses: {
            /** @description The job, finished (local mode) or pending (queue mode). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SyncJobResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["JobNotAwaitingUploads"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    previewSyncJobFinalize: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The job's `id`, as returned when it was started (a UUID). Any other value is simply an
                 *     unknown job (404).
                 */
                jobId: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["FinalizeSyncJobRequest"];
            };
        };
        responses: {
            /** @description The preview. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FinalizePreviewResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getAccountDeleteGuard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The delete guard. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountDeleteGuardResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    setAccountDeleteGuard: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "percent": 20
                 *     }
                 */
                "application/json": components["schemas"]["AccountDeleteGuard"];
            };
        };
        responses: {
            /** @description The delete guard. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountDeleteGuardResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    abortSyncJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The job's `id`, as returned when it was started (a UUID). Any other value is simply an
                 *     unknown job (404).
                 */
                jobId: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["AbortSyncJobRequest"];
            };
        };
        responses: {
            /** @description The job, ended. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "job": {
                     *         "id": "7a5eb83f-03d3-4651-a8fd-ddff9da98757",
                     *         "accountId": "local",
                     *         "source": "api",
                     *         "scope": "my-scope",
                     *         "syncMode": "DIFF",
                     *         "status": "ABORTED",
                     *         "done": true,
                     *         "startTimestamp": 1795353156539,
                     *         "endTimestamp": 1795353161020,
                     *         "ignoreDuplicates": false,
                     *         "abortReason": "Step 'Fetch hosts' failed",
                     *         "numEntitiesUploaded": 2,
                     *         "numEntitiesCreated": 0,
                     *         "numEntitiesUpdated": 0,
                     *         "numEntitiesDeleted": 0,
                     *         "numEntityUpdateErrors": 0,
                     *         "numRelationshipsUploaded": 1,
                     *         "numRelationshipsCreated": 0,
                     *         "numRelationshipsUpdated": 0,
                     *         "numRelationshipsDeleted": 0,
                     *         "numRelationshipCreateErrors": 0,
                     *         "numMappedRelationshipsUploaded": 0,
                     *         "numRawDataVersionsCreated": 0
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["SyncJobResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["JobNotAwaitingUploads"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listSyncJobEvents: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The job's `id`, as returned when it was started (a UUID). Any other value is simply an
                 *     unknown job (404).
                 */
                jobId: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job's events, oldest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobEventListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    addSyncJobEvents: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The job's `id`, as returned when it was started (a UUID). Any other value is simply an
                 *     unknown job (404).
                 */
                jobId: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddSyncJobEventsRequest"];
            };
        };
        responses: {
            /** @description The events created, in the order given. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JobEventListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    streamSyncJobProgress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The job's `id`, as returned when it was started (a UUID). Any other value is simply an
                 *     unknown job (404).
                 */
                jobId: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream; each event's `data` is a `SyncJobProgressEvent`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example event: progress
                     *     id: 1
                     *     data: {"jobId":"7a5eb83f-03d3-4651-a8fd-ddff9da98757","status":"FINALIZE_PENDING","phase":"entities","percent":25,"phases":[{"name":"entities","done":1000,"total":2000},{"name":"delete-entities","done":0,"total":null},{"name":"relationships","done":0,"total":2000},{"name":"delete-relationships","done":0,"total":null},{"name":"finish","done":0,"total":1}],"counters":{"numEntitiesUploaded":2000,"numEntitiesCreated":1000,"numEntitiesUpdated":0,"numEntitiesDeleted":0,"numEntityUpdateErrors":0,"numRelationshipsUploaded":2000,"numRelationshipsCreated":0,"numRelationshipsUpdated":0,"numRelationshipsDeleted":0,"numRelationshipCreateErrors":0,"numMappedRelationshipsUploaded":0,"numRawDataVersionsCreated":0},"final":false}
                     */
                    "text/event-stream": string;
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /**
             * @description This API process already serves `PROGRESS_MAX_STREAMS` progress streams (code
             *     `TOO_MANY_CONCURRENT_REQUESTS`, with `Retry-After`); another process, or a later try,
             *     may take it.
             */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getSyncJobUploadUrl: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The job's `id`, as returned when it was started (a UUID). Any other value is simply an
                 *     unknown job (404).
                 */
                jobId: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The URL and when it expires. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "uploadUrl": "http://127.0.0.1:8080/persister/synchronization/bulk-uploads/7a5eb83f-03d3-4651-a8fd-ddff9da98757?accountId=local&expiresAt=1795356756539&signature=3q0V2n3Gm0N5wP3JmKk8m7gq8yH2lR6W9cF1bX4tZ0s",
                     *       "expiresAt": 1795356756539
                     *     }
                     */
                    "application/json": components["schemas"]["BulkUploadUrlResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["BulkUploadConflict"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listSyncJobChanges: {
        parameters: {
            query?: {
                /** @description Only changes of this kind. */
                kind?: components["schemas"]["ChangeKind"];
                /** @description Changes per page. */
                limit?: number;
                /** @description The `cursor` of the previous page, as given (opaque). Anything else is 400. */
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The job's `id`, as returned when it was started (a UUID). Any other value is simply an
                 *     unknown job (404).
                 */
                jobId: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the job's changes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "changes": [
                     *         {
                     *           "changeId": "9c1d7e2a-4b3f-4e5d-8a6b-7c8d9e0f1a2b",
                     *           "objectKind": "relationship",
                     *           "objectId": "6e7f8a9b-0c1d-4e2f-9a3b-4c5d6e7f8a9b",
                     *           "key": "i-0a1b2c3d|uses|sg-1",
                     *           "type": "aws_instance_uses_security_group",
                     *           "scope": "aws-prod",
                     *           "kind": "deleted",
                     *           "at": 1795353060000,
                     *           "jobId": "3e6c5d0b-4f3b-4a4d-8d67-0c7b8a1e2f30",
                     *           "keyId": null,
                     *           "source": "sync",
                     *           "changes": []
                     *         }
                     *       ],
                     *       "cursor": "MTc5NTM1MzA2MDAwMDo5YzFkN2UyYS00YjNmLTRlNWQtOGE2Yi03YzhkOWUwZjFhMmI"
                     *     }
                     */
                    "application/json": components["schemas"]["ChangeListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    putSyncJobBulkFile: {
        parameters: {
            query: {
                /** @description Part of the signed URL. */
                accountId: string;
                /** @description Part of the signed URL (epoch milliseconds). */
                expiresAt: string;
                /** @description Part of the signed URL. */
                signature: string;
            };
            header?: {
                /**
                 * @description `attachment; filename="<name>"`: the extension (`.json`, `.csv`, `.yaml`) names the
                 *     format when `Content-Type` does not.
                 */
                "Content-Disposition"?: string;
            };
            path: {
                /**
                 * @description The job's `id`, as returned when it was started (a UUID). Any other value is simply an
                 *     unknown job (404).
                 */
                jobId: components["parameters"]["JobId"];
            };
            cookie?: never;
        };
        /**
         * @description The file, streamed as is. The media types below are examples: the service decides from
         *     `Content-Type` and the file name (so any type, or none, passes this document).
         */
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "entities": [
                 *         { "_key": "host-1", "_type": "example_host", "_class": "Host", "displayName": "Host 1" },
                 *         { "_key": "app-1", "_type": "example_app", "_class": ["Application", "Service"], "displayName": "App 1" }
                 *       ],
                 *       "relationships": [
                 *         { "_key": "host-1|runs|app-1", "_type": "example_host_runs_app", "_class": "RUNS", "_fromEntityKey": "host-1", "_toEntityKey": "app-1" }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["BulkFileContent"];
                /**
                 * @example _key,_type,_class,displayName
                 *     host-1,example_host,Host,Host 1
                 */
                "text/csv": components["schemas"]["BulkFileContent"];
                /**
                 * @example entities:
                 *       - _key: host-1
                 *         _type: example_host
                 *         _class: Host
                 *         displayName: Host 1
                 *       - _key: app-1
                 *         _type: example_app
                 *         _class: [Application, Service]
                 *         displayName: App 1
                 *     relationships:
                 *       - _key: host-1|runs|app-1
                 *         _type: example_host_runs_app
                 *         _class: RUNS
                 *         _fromEntityKey: host-1
                 *         _toEntityKey: app-1
                 */
                "application/yaml": components["schemas"]["BulkFileContent"];
                "application/octet-stream": components["schemas"]["BulkFileContent"];
                "*/*": components["schemas"]["BulkFileContent"];
            };
        };
        responses: {
            /** @description The file was stored; it is applied when the job is finalized. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BulkFileResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            403: components["responses"]["InvalidUploadUrl"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["BulkUploadConflict"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getEntity: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description An entity's `_id` (a UUID assigned by the service). An unknown id, or another account's
                 *     entity, is 404 `ENTITY_NOT_FOUND`.
                 */
                entityId: components["parameters"]["EntityId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entity. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Vertex"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteEntity: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description An entity's `_id` (a UUID assigned by the service). An unknown id, or another account's
                 *     entity, is 404 `ENTITY_NOT_FOUND`.
                 */
                entityId: components["parameters"]["EntityId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The deleted entity and how many relationships this call deleted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "deletedEntity": {
                     *         "id": "0b9c3f3e-5d1a-4b8e-9c61-3f2a7d4e8b10",
                     *         "entity": {
                     *           "_id": "0b9c3f3e-5d1a-4b8e-9c61-3f2a7d4e8b10",
                     *           "_key": "host-1",
                     *           "_type": [
                     *             "example_host"
                     *           ],
                     *           "_class": [
                     *             "Host"
                     *           ],
                     *           "_accountId": "local",
                     *           "_scope": "my-scope",
                     *           "_source": "api",
                     *           "_version": 3,
                     *           "_deleted": true,
                     *           "_createdOn": "2025-06-01T10:00:00.000Z",
                     *           "_beginOn": "2025-06-02T08:30:00.000Z",
                     *           "_endOn": "2025-06-04T16:45:00.000Z",
                     *           "displayName": "Host 1"
                     *         },
                     *         "properties": {
                     *           "encrypted": false,
                     *           "tag.Production": true
                     *         }
                     *       },
                     *       "numRelationshipsDeleted": 1
                     *     }
                     */
                    "application/json": components["schemas"]["DeleteEntityResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    patchEntity: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description An entity's `_id` (a UUID assigned by the service). An unknown id, or another account's
                 *     entity, is 404 `ENTITY_NOT_FOUND`.
                 */
                entityId: components["parameters"]["EntityId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PatchEntityRequest"];
            };
        };
        responses: {
            /** @description The entity after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "id": "0b9c3f3e-5d1a-4b8e-9c61-3f2a7d4e8b10",
                     *       "entity": {
                     *         "_id": "0b9c3f3e-5d1a-4b8e-9c61-3f2a7d4e8b10",
                     *         "_key": "host-1",
                     *         "_type": [
                     *           "example_host"
                     *         ],
                     *         "_class": [
                     *           "Host"
                     *         ],
                     *         "_accountId": "local",
                     *         "_scope": "my-scope",
                     *         "_source": "api",
                     *         "_version": 3,
                     *         "_deleted": false,
                     *         "_createdOn": "2025-06-01T10:00:00.000Z",
                     *         "_beginOn": "2025-06-03T09:15:00.000Z",
                     *         "displayName": "Host 1"
                     *       },
                     *       "properties": {
                     *         "encrypted": false,
                     *         "owner": "team-b",
                     *         "tag.Production": true
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["Vertex"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /**
             * @description The entity is soft deleted (code `ENTITY_DELETED`), or the patch gives a property that
             *     an OVERRIDE job pinned (code `PROPERTY_PINNED`; the message names the properties; an
             *     OVERRIDE job that sets them to null unpins them). Nothing was written.
             */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "PROPERTY_PINNED",
                     *         "message": "Property 'owner' of entity '0b9c3f3e-5d1a-4b8e-9c61-3f2a7d4e8b10' is pinned by an OVERRIDE job: an OVERRIDE job that sets it to null unpins it"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listEntityRelationships: {
        parameters: {
            query?: {
                /** @description Relationships per page. */
                limit?: number;
                /** @description The `cursor` of the previous page, as given (opaque). Anything else is 400. */
                cursor?: string;
                /** @description `true`: soft-deleted relationships too. Default `false`. */
                includeDeleted?: boolean;
                /**
                 * @description `OUTGOING`: those that start at the entity; `INCOMING`: those that end at it;
                 *     `BOTH` (default): both.
                 */
                direction?: "BOTH" | "OUTGOING" | "INCOMING";
            };
            header?: never;
            path: {
                /**
                 * @description An entity's `_id` (a UUID assigned by the service). An unknown id, or another account's
                 *     entity, is 404 `ENTITY_NOT_FOUND`.
                 */
                entityId: components["parameters"]["EntityId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the entity's relationships. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "relationships": [
                     *         {
                     *           "id": "e7d1168f-9694-408f-abdb-c2b90547993b",
                     *           "direction": "OUTGOING",
                     *           "fromVertexId": "0b9c3f3e-5d1a-4b8e-9c61-3f2a7d4e8b10",
                     *           "toVertexId": "8bf20406-54e1-4ce3-815f-907c4a829301",
                     *           "relationship": {
                     *             "_id": "e7d1168f-9694-408f-abdb-c2b90547993b",
                     *             "_key": "host-1|runs|app-1",
                     *             "_type": "example_host_runs_app",
                     *             "_class": "RUNS",
                     *             "_fromEntityKey": "host-1",
                     *             "_toEntityKey": "app-1",
                     *             "_accountId": "local",
                     *             "_scope": "my-scope",
                     *             "_source": "api",
                     *             "_version": 1,
                     *             "_deleted": false,
                     *             "_createdOn": "2025-06-01T10:00:00.000Z",
                     *             "_beginOn": "2025-06-01T10:00:00.000Z"
                     *           },
                     *           "properties": {},
                     *           "vertex": {
                     *             "id": "8bf20406-54e1-4ce3-815f-907c4a829301",
                     *             "entity": {
                     *               "_id": "8bf20406-54e1-4ce3-815f-907c4a829301",
                     *               "_key": "app-1",
                     *               "_type": [
                     *                 "example_app"
                     *               ],
                     *               "_class": [
                     *                 "Application",
                     *                 "Service"
                     *               ],
                     *               "_accountId": "local",
                     *               "_scope": "my-scope",
                     *               "_source": "api",
                     *               "_version": 1,
                     *               "_deleted": false,
                     *               "_createdOn": "2025-06-01T10:00:00.000Z",
                     *               "_beginOn": "2025-06-01T10:00:00.000Z",
                     *               "displayName": "App 1"
                     *             },
                     *             "properties": {}
                     *           }
                     *         }
                     *       ],
                     *       "totalCount": 1
                     *     }
                     */
                    "application/json": components["schemas"]["EntityRelationshipListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listEntityHistory: {
        parameters: {
            query?: {
                /** @description Changes per page. */
                limit?: number;
                /** @description The `cursor` of the previous page, as given (opaque). Anything else is 400. */
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description An entity's `_id` (a UUID assigned by the service). An unknown id, or another account's
                 *     entity, is 404 `ENTITY_NOT_FOUND`.
                 */
                entityId: components["parameters"]["EntityId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of the entity's changes. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "changes": [
                     *         {
                     *           "changeId": "5b0e5f3c-8a51-4d56-9a3e-1f1f0c7e2a11",
                     *           "objectKind": "entity",
                     *           "objectId": "0b8f5f5e-3a43-4c71-a6f4-9d2f2c0c7d10",
                     *           "key": "i-0a1b2c3d",
                     *           "type": "aws_instance",
                     *           "scope": "aws-prod",
                     *           "kind": "updated",
                     *           "at": 1795353060000,
                     *           "jobId": "3e6c5d0b-4f3b-4a4d-8d67-0c7b8a1e2f30",
                     *           "keyId": null,
                     *           "source": "sync",
                     *           "changes": [
                     *             {
                     *               "name": "state",
                     *               "before": "running",
                     *               "after": "stopped"
                     *             }
                     *           ]
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ChangeListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getEntityRawData: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description An entity's `_id` (a UUID assigned by the service). An unknown id, or another account's
                 *     entity, is 404 `ENTITY_NOT_FOUND`.
                 */
                entityId: components["parameters"]["EntityId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The latest version of each entry. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "entries": {
                     *         "default": {
                     *           "beginOn": 1748853000000,
                     *           "contentType": "application/json",
                     *           "contentLength": 27,
                     *           "createdOn": 1748772000000,
                     *           "deleted": false,
                     *           "versionId": "550af4a5-b944-4d19-b1d5-a5370014db99"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["RawDataEntriesResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getEntityRawDataVersions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description An entity's `_id` (a UUID assigned by the service). An unknown id, or another account's
                 *     entity, is 404 `ENTITY_NOT_FOUND`.
                 */
                entityId: components["parameters"]["EntityId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The versions of each entry, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "entries": {
                     *         "default": [
                     *           {
                     *             "beginOn": 1748853000000,
                     *             "contentType": "application/json",
                     *             "contentLength": 27,
                     *             "createdOn": 1748772000000,
                     *             "deleted": false,
                     *             "versionId": "550af4a5-b944-4d19-b1d5-a5370014db99"
                     *           },
                     *           {
                     *             "beginOn": 1748772000000,
                     *             "contentType": "application/json",
                     *             "contentLength": 27,
                     *             "createdOn": 1748772000000,
                     *             "deleted": false,
                     *             "versionId": "0f8a4c2e-9d1b-4f6a-8a57-3e2d1c0b9a87"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["RawDataVersionsByEntryResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listRawDataEntryVersions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description An entity's `_id` (a UUID assigned by the service). An unknown id, or another account's
                 *     entity, is 404 `ENTITY_NOT_FOUND`.
                 */
                entityId: components["parameters"]["EntityId"];
                /** @description A raw-data entry name (a key of `entries`), URL-encoded. */
                entryName: components["parameters"]["RawDataEntryName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entry's versions, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "versions": [
                     *         {
                     *           "beginOn": 1748853000000,
                     *           "contentType": "application/json",
                     *           "contentLength": 27,
                     *           "createdOn": 1748772000000,
                     *           "deleted": false,
                     *           "versionId": "550af4a5-b944-4d19-b1d5-a5370014db99"
                     *         },
                     *         {
                     *           "beginOn": 1748772000000,
                     *           "contentType": "application/json",
                     *           "contentLength": 27,
                     *           "createdOn": 1748772000000,
                     *           "deleted": false,
                     *           "versionId": "0f8a4c2e-9d1b-4f6a-8a57-3e2d1c0b9a87"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["RawDataVersionsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getLatestRawDataContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description An entity's `_id` (a UUID assigned by the service). An unknown id, or another account's
                 *     entity, is 404 `ENTITY_NOT_FOUND`.
                 */
                entityId: components["parameters"]["EntityId"];
                /** @description A raw-data entry name (a key of `entries`), URL-encoded. */
                entryName: components["parameters"]["RawDataEntryName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["RawDataContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getRawDataVersionContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description An entity's `_id` (a UUID assigned by the service). An unknown id, or another account's
                 *     entity, is 404 `ENTITY_NOT_FOUND`.
                 */
                entityId: components["parameters"]["EntityId"];
                /** @description A raw-data entry name (a key of `entries`), URL-encoded. */
                entryName: components["parameters"]["RawDataEntryName"];
                /** @description A `versionId` from the entry's metadata. */
                versionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["RawDataContent"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    runQuery: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["QueryRequest"];
            };
        };
        responses: {
            /** @description One page of the result. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QueryResponse"];
                };
            };
            400: components["responses"]["QueryRejected"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    explainQuery: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "query": "FIND Host WITH tag.Production = true"
                 *     }
                 */
                "application/json": components["schemas"]["ExplainQueryRequest"];
            };
        };
        responses: {
            /** @description The compiled query. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "cypher": "MATCH (n0:Entity:`Host`)\nWHERE n0._accountId = $accountId AND n0._deleted = false AND n0.`tag.Production` = $p0\nWITH DISTINCT n0\nRETURN properties(n0) AS entity\nORDER BY n0._id\nSKIP toInteger($p1) LIMIT toInteger($p2)",
                     *       "params": {
                     *         "p0": true,
                     *         "p1": 0,
                     *         "p2": 250,
                     *         "accountId": "local"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ExplainQueryResponse"];
                };
            };
            400: components["responses"]["QueryRejected"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getQueryVocabulary: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The vocabulary. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QueryVocabularyResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listRules: {
        parameters: {
            query?: {
                limit?: number;
                /** @description The `cursor` of the previous page. */
                cursor?: string;
                /** @description Only rules whose name contains this text (any case). */
                name?: string;
                /** @description Only rules whose `tags` hold this value. */
                tag?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of rules. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "rules": [
                     *         {
                     *           "id": "30cc924f-f3b6-44e0-abd2-d1f387b1a1b1",
                     *           "version": 1,
                     *           "name": "public-buckets",
                     *           "description": "S3 buckets readable by anyone",
                     *           "specVersion": 1,
                     *           "pollingInterval": "ONE_DAY",
                     *           "question": {
                     *             "queries": [
                     *               {
                     *                 "name": "query0",
                     *                 "query": "FIND aws_s3_bucket WITH public = true",
                     *                 "version": "v1",
                     *                 "includeDeleted": false
                     *               }
                     *             ]
                     *           },
                     *           "operations": [
                     *             {
                     *               "when": {
                     *                 "type": "FILTER",
                     *                 "specVersion": 1,
                     *                 "condition": "{{queries.query0.total > 0}}"
                     *               },
                     *               "actions": [
                     *                 {
                     *                   "type": "SET_PROPERTY",
                     *                   "targetProperty": "alertLevel",
                     *                   "targetValue": "CRITICAL"
                     *                 },
                     *                 {
                     *                   "type": "CREATE_ALERT"
                     *                 }
                     *               ]
                     *             }
                     *           ],
                     *           "templates": {},
                     *           "outputs": [
                     *             "queries.query0.total",
                     *             "alertLevel"
                     *           ],
                     *           "notifyOnFailure": false,
                     *           "triggerActionsOnNewEntitiesOnly": false,
                     *           "tags": [],
                     *           "createdOn": 1748944800000,
                     *           "updatedOn": 1748944800000,
                     *           "state": null
                     *         },
                     *         {
                     *           "id": "9b1e2d3c-4a5b-4c6d-8e7f-0a1b2c3d4e5f",
                     *           "version": 2,
                     *           "name": "unencrypted-buckets",
                     *           "specVersion": 1,
                     *           "pollingInterval": "ONE_DAY",
                     *           "question": {
                     *             "queries": [
                     *               {
                     *                 "name": "query0",
                     *                 "query": "FIND aws_s3_bucket WITH encrypted != true",
                     *                 "version": "v1",
                     *                 "includeDeleted": false
                     *               }
                     *             ]
                     *           },
                     *           "operations": [
                     *             {
                     *               "when": {
                     *                 "type": "FILTER",
                     *                 "condition": "{{queries.query0.total > 0}}"
                     *               },
                     *               "actions": [
                     *                 {
                     *                   "type": "SET_PROPERTY",
                     *                   "targetProperty": "alertLevel",
                     *                   "targetValue": "HIGH"
                     *                 },
                     *                 {
                     *                   "type": "CREATE_ALERT"
                     *                 }
                     *               ]
                     *             }
                     *           ],
                     *           "templates": {},
                     *           "outputs": [],
                     *           "notifyOnFailure": false,
                     *           "triggerActionsOnNewEntitiesOnly": false,
                     *           "tags": [],
                     *           "createdOn": 1748771999400,
                     *           "updatedOn": 1748851200000,
                     *           "state": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["RuleListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createRule: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RuleRequest"];
            };
        };
        responses: {
            /** @description The rule as stored. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "rule": {
                     *         "id": "9b1e2d3c-4a5b-4c6d-8e7f-0a1b2c3d4e5f",
                     *         "version": 1,
                     *         "name": "unencrypted-buckets",
                     *         "specVersion": 1,
                     *         "pollingInterval": "ONE_DAY",
                     *         "question": {
                     *           "queries": [
                     *             {
                     *               "name": "query0",
                     *               "query": "FIND aws_s3_bucket WITH encrypted != true",
                     *               "version": "v1",
                     *               "includeDeleted": false
                     *             }
                     *           ]
                     *         },
                     *         "operations": [
                     *           {
                     *             "when": {
                     *               "type": "FILTER",
                     *               "condition": "{{queries.query0.total > 0}}"
                     *             },
                     *             "actions": [
                     *               {
                     *                 "type": "SET_PROPERTY",
                     *                 "targetProperty": "alertLevel",
                     *                 "targetValue": "HIGH"
                     *               },
                     *               {
                     *                 "type": "CREATE_ALERT"
                     *               }
                     *             ]
                     *           }
                     *         ],
                     *         "templates": {},
                     *         "outputs": [],
                     *         "notifyOnFailure": false,
                     *         "triggerActionsOnNewEntitiesOnly": false,
                     *         "tags": [],
                     *         "createdOn": 1748771999400,
                     *         "updatedOn": 1748771999400,
                     *         "state": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["RuleResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    validateRule: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RuleRequest"];
            };
        };
        responses: {
            /** @description The rule is valid. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "valid": true,
                     *       "rule": {
                     *         "name": "unencrypted-buckets",
                     *         "specVersion": 1,
                     *         "pollingInterval": "ONE_DAY",
                     *         "question": {
                     *           "queries": [
                     *             {
                     *               "name": "query0",
                     *               "query": "FIND aws_s3_bucket WITH encrypted != true",
                     *               "version": "v1",
                     *               "includeDeleted": false
                     *             }
                     *           ]
                     *         },
                     *         "operations": [
                     *           {
                     *             "when": {
                     *               "type": "FILTER",
                     *               "condition": "{{queries.query0.total > 0}}"
                     *             },
                     *             "actions": [
                     *               {
                     *                 "type": "SET_PROPERTY",
                     *                 "targetProperty": "alertLevel",
                     *                 "targetValue": "HIGH"
                     *               },
                     *               {
                     *                 "type": "CREATE_ALERT"
                     *               }
                     *             ]
                     *           }
                     *         ],
                     *         "templates": {},
                     *         "outputs": [],
                     *         "notifyOnFailure": false,
                     *         "triggerActionsOnNewEntitiesOnly": false,
                     *         "tags": []
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["RuleValidation"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    importRule: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RulePackRule"];
            };
        };
        responses: {
            /** @description The expanded rule as stored. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "rule": {
                     *         "id": "30cc924f-f3b6-44e0-abd2-d1f387b1a1b1",
                     *         "version": 1,
                     *         "name": "public-buckets",
                     *         "description": "S3 buckets readable by anyone",
                     *         "specVersion": 1,
                     *         "pollingInterval": "ONE_DAY",
                     *         "question": {
                     *           "queries": [
                     *             {
                     *               "name": "query0",
                     *               "query": "FIND aws_s3_bucket WITH public = true",
                     *               "version": "v1",
                     *               "includeDeleted": false
                     *             }
                     *           ]
                     *         },
                     *         "operations": [
                     *           {
                     *             "when": {
                     *               "type": "FILTER",
                     *               "specVersion": 1,
                     *               "condition": "{{queries.query0.total > 0}}"
                     *             },
                     *             "actions": [
                     *               {
                     *                 "type": "SET_PROPERTY",
                     *                 "targetProperty": "alertLevel",
                     *                 "targetValue": "CRITICAL"
                     *               },
                     *               {
                     *                 "type": "CREATE_ALERT"
                     *               }
                     *             ]
                     *           }
                     *         ],
                     *         "templates": {},
                     *         "outputs": [
                     *           "queries.query0.total",
                     *           "alertLevel"
                     *         ],
                     *         "notifyOnFailure": false,
                     *         "triggerActionsOnNewEntitiesOnly": false,
                     *         "tags": [],
                     *         "createdOn": 1748944800000,
                     *         "updatedOn": 1748944800000,
                     *         "state": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["RuleResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    dryRunRule: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "rule": {
                 *         "name": "unencrypted-buckets",
                 *         "pollingInterval": "ONE_DAY",
                 *         "question": {
                 *           "queries": [
                 *             {
                 *               "query": "FIND aws_s3_bucket WITH encrypted != true"
                 *             }
                 *           ]
                 *         },
                 *         "operations": [
                 *           {
                 *             "when": {
                 *               "type": "FILTER",
                 *               "condition": "{{queries.query0.total > 0}}"
                 *             },
                 *             "actions": [
                 *               {
                 *                 "type": "SET_PROPERTY",
                 *                 "targetProperty": "alertLevel",
                 *                 "targetValue": "HIGH"
                 *               },
                 *               {
                 *                 "type": "CREATE_ALERT"
                 *               }
                 *             ]
                 *           }
                 *         ]
                 *       },
                 *       "dryRun": true
                 *     }
                 */
                "application/json": components["schemas"]["DryRunRequest"];
            };
        };
        responses: {
            /** @description The evaluation record (not stored). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "evaluation": {
                     *         "id": "372ad7cf-c46b-4fc5-8f6e-fe0e73e49b66",
                     *         "ruleName": "unencrypted-buckets",
                     *         "trigger": "DRY_RUN",
                     *         "dryRun": true,
                     *         "status": "SUCCESS",
                     *         "startedOn": 1748951400000,
                     *         "endedOn": 1748951400064,
                     *         "durationMs": 64,
                     *         "queries": [
                     *           {
                     *             "name": "query0",
                     *             "query": "FIND aws_s3_bucket WITH encrypted != true",
                     *             "durationMs": 37,
                     *             "total": 3,
                     *             "type": "list"
                     *           }
                     *         ],
                     *         "outputs": {},
                     *         "operations": [
                     *           {
                     *             "index": 0,
                     *             "conditionResult": true,
                     *             "actions": [
                     *               {
                     *                 "pointer": "/operations/0/actions/0",
                     *                 "type": "SET_PROPERTY",
                     *                 "status": "SUCCESS",
                     *                 "durationMs": 0,
                     *                 "inputs": {
                     *                   "alertLevel": "HIGH"
                     *                 }
                     *               },
                     *               {
                     *                 "pointer": "/operations/0/actions/1",
                     *                 "type": "CREATE_ALERT",
                     *                 "status": "DRY_RUN",
                     *                 "durationMs": 0,
                     *                 "inputs": {
                     *                   "level": "HIGH"
                     *                 }
                     *               }
                     *             ]
                     *           }
                     *         ],
                     *         "errors": [],
                     *         "entityCount": 3,
                     *         "newEntityCount": 3
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["EvaluationResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getRule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The rule's `id`. An unknown id, or another account's rule, is 404 `RULE_NOT_FOUND`. */
                ruleId: components["parameters"]["RuleId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rule. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RuleResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateRule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The rule's `id`. An unknown id, or another account's rule, is 404 `RULE_NOT_FOUND`. */
                ruleId: components["parameters"]["RuleId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RuleRequest"];
            };
        };
        responses: {
            /** @description The rule as stored now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RuleResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteRule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The rule's `id`. An unknown id, or another account's rule, is 404 `RULE_NOT_FOUND`. */
                ruleId: components["parameters"]["RuleId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The rule as it was. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RuleResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listRuleEvaluationEntities: {
        parameters: {
            query?: {
                limit?: number;
            };
            header?: never;
            path: {
                /** @description The rule's `id`. An unknown id, or another account's rule, is 404 `RULE_NOT_FOUND`. */
                ruleId: components["parameters"]["RuleId"];
                evaluationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entities. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvaluationEntitiesResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listRuleVersions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The rule's `id`. An unknown id, or another account's rule, is 404 `RULE_NOT_FOUND`. */
                ruleId: components["parameters"]["RuleId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The versions, newest first. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RuleVersionsResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    evaluateRule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The rule's `id`. An unknown id, or another account's rule, is 404 `RULE_NOT_FOUND`. */
                ruleId: components["parameters"]["RuleId"];
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "dryRun": false
                 *     }
                 */
                "application/json": components["schemas"]["EvaluateRequest"];
            };
        };
        responses: {
            /** @description The evaluation record. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "evaluation": {
                     *         "id": "7010a6a8-eed3-418c-84e1-277bc583d5d8",
                     *         "ruleId": "9b1e2d3c-4a5b-4c6d-8e7f-0a1b2c3d4e5f",
                     *         "ruleVersion": 2,
                     *         "ruleName": "unencrypted-buckets",
                     *         "trigger": "MANUAL",
                     *         "dryRun": false,
                     *         "status": "SUCCESS",
                     *         "startedOn": 1748862000000,
                     *         "endedOn": 1748862000212,
                     *         "durationMs": 212,
                     *         "queries": [
                     *           {
                     *             "name": "query0",
                     *             "query": "FIND aws_s3_bucket WITH encrypted != true",
                     *             "durationMs": 88,
                     *             "total": 3,
                     *             "type": "list"
                     *           }
                     *         ],
                     *         "outputs": {},
                     *         "operations": [
                     *           {
                     *             "index": 0,
                     *             "conditionResult": true,
                     *             "actions": [
                     *               {
                     *                 "pointer": "/operations/0/actions/0",
                     *                 "type": "SET_PROPERTY",
                     *                 "status": "SUCCESS",
                     *                 "durationMs": 0,
                     *                 "inputs": {
                     *                   "alertLevel": "HIGH"
                     *                 }
                     *               },
                     *               {
                     *                 "pointer": "/operations/0/actions/1",
                     *                 "type": "CREATE_ALERT",
                     *                 "status": "SUCCESS",
                     *                 "durationMs": 51,
                     *                 "target": "5d0c1f7e-8b2a-4c3d-9e4f-1a2b3c4d5e6f",
                     *                 "inputs": {
                     *                   "level": "HIGH"
                     *                 },
                     *                 "result": {
                     *                   "alertId": "5d0c1f7e-8b2a-4c3d-9e4f-1a2b3c4d5e6f",
                     *                   "created": false,
                     *                   "evaluationCount": 3
                     *                 }
                     *               }
                     *             ]
                     *           }
                     *         ],
                     *         "errors": [],
                     *         "entityCount": 3,
                     *         "newEntityCount": 0,
                     *         "alert": {
                     *           "id": "5d0c1f7e-8b2a-4c3d-9e4f-1a2b3c4d5e6f",
                     *           "status": "ACTIVE",
                     *           "change": "UPDATED"
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["EvaluationResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listRuleEvaluations: {
        parameters: {
            query?: {
                limit?: number;
                /** @description The `cursor` of the previous page. */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description The rule's `id`. An unknown id, or another account's rule, is 404 `RULE_NOT_FOUND`. */
                ruleId: components["parameters"]["RuleId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of records. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "evaluations": [
                     *         {
                     *           "id": "6a7b8c9d-0e1f-4a2b-9c3d-4e5f6a7b8c9d",
                     *           "ruleId": "9b1e2d3c-4a5b-4c6d-8e7f-0a1b2c3d4e5f",
                     *           "ruleVersion": 2,
                     *           "ruleName": "unencrypted-buckets",
                     *           "trigger": "SCHEDULED",
                     *           "dryRun": false,
                     *           "status": "SUCCESS",
                     *           "startedOn": 1748858399710,
                     *           "endedOn": 1748858400087,
                     *           "durationMs": 377,
                     *           "queries": [
                     *             {
                     *               "name": "query0",
                     *               "query": "FIND aws_s3_bucket WITH encrypted != true",
                     *               "durationMs": 141,
                     *               "total": 3,
                     *               "type": "list"
                     *             }
                     *           ],
                     *           "outputs": {},
                     *           "operations": [
                     *             {
                     *               "index": 0,
                     *               "conditionResult": true,
                     *               "actions": [
                     *                 {
                     *                   "pointer": "/operations/0/actions/0",
                     *                   "type": "SET_PROPERTY",
                     *                   "status": "SUCCESS",
                     *                   "durationMs": 0,
                     *                   "inputs": {
                     *                     "alertLevel": "HIGH"
                     *                   }
                     *                 },
                     *                 {
                     *                   "pointer": "/operations/0/actions/1",
                     *                   "type": "CREATE_ALERT",
                     *                   "status": "SUCCESS",
                     *                   "durationMs": 73,
                     *                   "target": "5d0c1f7e-8b2a-4c3d-9e4f-1a2b3c4d5e6f",
                     *                   "inputs": {
                     *                     "level": "HIGH"
                     *                   },
                     *                   "result": {
                     *                     "alertId": "5d0c1f7e-8b2a-4c3d-9e4f-1a2b3c4d5e6f",
                     *                     "created": false,
                     *                     "evaluationCount": 2
                     *                   }
                     *                 }
                     *               ]
                     *             }
                     *           ],
                     *           "errors": [],
                     *           "entityCount": 3,
                     *           "newEntityCount": 0,
                     *           "alert": {
                     *             "id": "5d0c1f7e-8b2a-4c3d-9e4f-1a2b3c4d5e6f",
                     *             "status": "ACTIVE",
                     *             "change": "UPDATED"
                     *           }
                     *         },
                     *         {
                     *           "id": "1f2e3d4c-5b6a-4798-8a9b-0c1d2e3f4a5b",
                     *           "ruleId": "9b1e2d3c-4a5b-4c6d-8e7f-0a1b2c3d4e5f",
                     *           "ruleVersion": 1,
                     *           "ruleName": "unencrypted-buckets",
                     *           "trigger": "SCHEDULED",
                     *           "dryRun": false,
                     *           "status": "SUCCESS",
                     *           "startedOn": 1748771999620,
                     *           "endedOn": 1748772000118,
                     *           "durationMs": 498,
                     *           "queries": [
                     *             {
                     *               "name": "query0",
                     *               "query": "FIND aws_s3_bucket WITH encrypted != true",
                     *               "durationMs": 182,
                     *               "total": 3,
                     *               "type": "list"
                     *             }
                     *           ],
                     *           "outputs": {},
                     *           "operations": [
                     *             {
                     *               "index": 0,
                     *               "conditionResult": true,
                     *               "actions": [
                     *                 {
                     *                   "pointer": "/operations/0/actions/0",
                     *                   "type": "SET_PROPERTY",
                     *                   "status": "SUCCESS",
                     *                   "durationMs": 0,
                     *                   "inputs": {
                     *                     "alertLevel": "HIGH"
                     *                   }
                     *                 },
                     *                 {
                     *                   "pointer": "/operations/0/actions/1",
                     *                   "type": "CREATE_ALERT",
                     *                   "status": "SUCCESS",
                     *                   "durationMs": 96,
                     *                   "target": "5d0c1f7e-8b2a-4c3d-9e4f-1a2b3c4d5e6f",
                     *                   "inputs": {
                     *                     "level": "HIGH"
                     *                   },
                     *                   "result": {
                     *                     "alertId": "5d0c1f7e-8b2a-4c3d-9e4f-1a2b3c4d5e6f",
                     *                     "created": true,
                     *                     "evaluationCount": 1
                     *                   }
                     *                 }
                     *               ]
                     *             }
                     *           ],
                     *           "errors": [],
                     *           "entityCount": 3,
                     *           "newEntityCount": 3,
                     *           "alert": {
                     *             "id": "5d0c1f7e-8b2a-4c3d-9e4f-1a2b3c4d5e6f",
                     *             "status": "ACTIVE",
                     *             "change": "OPENED"
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["EvaluationListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getRuleEvaluation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The rule's `id`. An unknown id, or another account's rule, is 404 `RULE_NOT_FOUND`. */
                ruleId: components["parameters"]["RuleId"];
                evaluationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The record. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EvaluationResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listQuestions: {
        parameters: {
            query?: {
                limit?: number;
                /** @description The `cursor` of the previous page. */
                cursor?: string;
                /** @description Only questions whose title contains this text (any case). */
                title?: string;
                /** @description Only questions whose `tags` hold this value. */
                tag?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of questions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "questions": [
                     *         {
                     *           "id": "8d3b5f71-2c9e-4a06-b7d4-e1f0a2c3b4d5",
                     *           "version": 1,
                     *           "title": "Public buckets",
                     *           "queries": [
                     *             {
                     *               "name": "query0",
                     *               "query": "FIND aws_s3_bucket WITH public = true",
                     *               "version": "v1",
                     *               "includeDeleted": false
                     *             }
                     *           ],
                     *           "tags": [],
                     *           "createdOn": 1795353230000,
                     *           "updatedOn": 1795353230000
                     *         },
                     *         {
                     *           "id": "e5948f36-0770-4536-bbc6-58569908f8ca",
                     *           "version": 1,
                     *           "title": "Unencrypted buckets",
                     *           "queries": [
                     *             {
                     *               "name": "query0",
                     *               "query": "FIND aws_s3_bucket WITH encrypted != true",
                     *               "version": "v1",
                     *               "includeDeleted": false
                     *             }
                     *           ],
                     *           "tags": [
                     *             "cis"
                     *           ],
                     *           "createdOn": 1795353200000,
                     *           "updatedOn": 1795353200000
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["QuestionListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createQuestion: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["QuestionRequest"];
            };
        };
        responses: {
            /** @description The question as stored. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QuestionResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getQuestion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The question's `id`. An unknown id, or another account's question, is 404
                 *     `QUESTION_NOT_FOUND`.
                 */
                questionId: components["parameters"]["QuestionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The question. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QuestionResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateQuestion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The question's `id`. An unknown id, or another account's question, is 404
                 *     `QUESTION_NOT_FOUND`.
                 */
                questionId: components["parameters"]["QuestionId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["QuestionRequest"];
            };
        };
        responses: {
            /** @description The question as stored now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "question": {
                     *         "id": "e5948f36-0770-4536-bbc6-58569908f8ca",
                     *         "version": 2,
                     *         "title": "Unencrypted buckets",
                     *         "queries": [
                     *           {
                     *             "name": "query0",
                     *             "query": "FIND aws_s3_bucket WITH encrypted != true",
                     *             "version": "v1",
                     *             "includeDeleted": false
                     *           }
                     *         ],
                     *         "tags": [
                     *           "cis"
                     *         ],
                     *         "createdOn": 1795353200000,
                     *         "updatedOn": 1795353260000
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["QuestionResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteQuestion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The question's `id`. An unknown id, or another account's question, is 404
                 *     `QUESTION_NOT_FOUND`.
                 */
                questionId: components["parameters"]["QuestionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The question as it was. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["QuestionResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listIntegrations: {
        parameters: {
            query?: {
                /** @description Only instances of this type. */
                type?: components["schemas"]["IntegrationType"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The instances. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "integrations": [
                     *         {
                     *           "id": "06b4bb32-e18e-457d-94df-1d583ba92b5d",
                     *           "type": "jira",
                     *           "name": "Acme Jira",
                     *           "config": {
                     *             "baseUrl": "https://acme.atlassian.net",
                     *             "email": "alerts@acme.com"
                     *           },
                     *           "secretNames": [
                     *             "apiToken"
                     *           ],
                     *           "createdOn": 1795353300000,
                     *           "updatedOn": 1795353300000
                     *         },
                     *         {
                     *           "id": "0aa21862-3f1f-43e9-bcda-ff672bfa522c",
                     *           "type": "slack",
                     *           "name": "Acme Slack",
                     *           "config": {},
                     *           "secretNames": [
                     *             "botToken"
                     *           ],
                     *           "createdOn": 1795353320000,
                     *           "updatedOn": 1795353320000
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["IntegrationListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IntegrationCreateRequest"];
            };
        };
        responses: {
            /** @description The instance as stored. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The instance's `id`. An unknown id, or another account's instance, is 404
                 *     `INTEGRATION_NOT_FOUND`.
                 */
                integrationId: components["parameters"]["IntegrationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The instance (its `secretNames`, not its secrets). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The instance's `id`. An unknown id, or another account's instance, is 404
                 *     `INTEGRATION_NOT_FOUND`.
                 */
                integrationId: components["parameters"]["IntegrationId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["IntegrationUpdateRequest"];
            };
        };
        responses: {
            /** @description The instance as stored now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "integration": {
                     *         "id": "06b4bb32-e18e-457d-94df-1d583ba92b5d",
                     *         "type": "jira",
                     *         "name": "Acme Jira",
                     *         "config": {
                     *           "baseUrl": "https://acme.atlassian.net",
                     *           "email": "alerts@acme.com"
                     *         },
                     *         "secretNames": [
                     *           "apiToken"
                     *         ],
                     *         "createdOn": 1795353300000,
                     *         "updatedOn": 1795353380000
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["IntegrationResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            409: components["responses"]["Conflict"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The instance's `id`. An unknown id, or another account's instance, is 404
                 *     `INTEGRATION_NOT_FOUND`.
                 */
                integrationId: components["parameters"]["IntegrationId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The instance as it was. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntegrationResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listSubscriptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscriptions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionListResponse"];
                };
            };
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    createSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "CMDB feed",
                 *       "target": {
                 *         "kind": "webhook",
                 *         "url": "https://cmdb.example.com/graphsync-events",
                 *         "secret": "whsec-0123456789abcdef"
                 *       },
                 *       "filter": {
                 *         "scopes": [
                 *           "aws-prod"
                 *         ],
                 *         "types": [
                 *           "sync.job.finished"
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["SubscriptionRequest"];
            };
        };
        responses: {
            /** @description The subscription as stored. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription's `id`. An unknown id, or another account's subscription, is 404. */
                subscriptionId: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    updateSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription's `id`. An unknown id, or another account's subscription, is 404. */
                subscriptionId: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "CMDB feed",
                 *       "target": {
                 *         "kind": "webhook",
                 *         "url": "https://cmdb.example.com/graphsync-events",
                 *         "secret": "whsec-0123456789abcdef"
                 *       },
                 *       "filter": {
                 *         "scopes": [
                 *           "aws-prod"
                 *         ],
                 *         "types": [
                 *           "sync.job.finished"
                 *         ]
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["SubscriptionRequest"];
            };
        };
        responses: {
            /** @description The subscription as stored now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The subscription's `id`. An unknown id, or another account's subscription, is 404. */
                subscriptionId: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription as it was. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SubscriptionResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listSubscriptionDeliveries: {
        parameters: {
            query?: {
                limit?: number;
                /** @description The `cursor` of the previous page. */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description The subscription's `id`. An unknown id, or another account's subscription, is 404. */
                subscriptionId: components["parameters"]["SubscriptionId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of deliveries. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventDeliveryListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listAlerts: {
        parameters: {
            query?: {
                /** @description Only the alerts of this rule. */
                ruleId?: string;
                /** @description Only alerts in this status. */
                status?: components["schemas"]["AlertStatus"];
                /** @description Only alerts at this level. */
                level?: components["schemas"]["AlertLevel"];
                limit?: number;
                /** @description The `cursor` of the previous page. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of alerts. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "alerts": [
                     *         {
                     *           "id": "5d0c1f7e-8b2a-4c3d-9e4f-1a2b3c4d5e6f",
                     *           "ruleId": "9b1e2d3c-4a5b-4c6d-8e7f-0a1b2c3d4e5f",
                     *           "ruleName": "unencrypted-buckets",
                     *           "ruleVersion": 2,
                     *           "level": "HIGH",
                     *           "status": "ACTIVE",
                     *           "createdOn": 1748772000000,
                     *           "updatedOn": 1748858400000,
                     *           "firstEvaluationId": "1f2e3d4c-5b6a-4798-8a9b-0c1d2e3f4a5b",
                     *           "lastEvaluationId": "6a7b8c9d-0e1f-4a2b-9c3d-4e5f6a7b8c9d",
                     *           "evaluationCount": 2,
                     *           "queryTotals": {
                     *             "query0": 3
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["AlertListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getAlert: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The alert's `id`. An unknown id, or another account's alert, is 404 `ALERT_NOT_FOUND`. */
                alertId: components["parameters"]["AlertId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The alert. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AlertResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    dismissAlert: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The alert's `id`. An unknown id, or another account's alert, is 404 `ALERT_NOT_FOUND`. */
                alertId: components["parameters"]["AlertId"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The alert as it is now. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "alert": {
                     *         "id": "5d0c1f7e-8b2a-4c3d-9e4f-1a2b3c4d5e6f",
                     *         "ruleId": "9b1e2d3c-4a5b-4c6d-8e7f-0a1b2c3d4e5f",
                     *         "ruleName": "unencrypted-buckets",
                     *         "ruleVersion": 2,
                     *         "level": "HIGH",
                     *         "status": "DISMISSED",
                     *         "createdOn": 1748772000000,
                     *         "updatedOn": 1748876400000,
                     *         "dismissedOn": 1748876400000,
                     *         "firstEvaluationId": "1f2e3d4c-5b6a-4798-8a9b-0c1d2e3f4a5b",
                     *         "lastEvaluationId": "7010a6a8-eed3-418c-84e1-277bc583d5d8",
                     *         "evaluationCount": 3,
                     *         "queryTotals": {
                     *           "query0": 3
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["AlertResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            /** @description The alert is `RESOLVED` (code `ALERT_NOT_ACTIVE`). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "error": {
                     *         "code": "ALERT_NOT_ACTIVE",
                     *         "message": "Alert '5d0c1f7e-8b2a-4c3d-9e4f-1a2b3c4d5e6f' is RESOLVED; only an active alert can be dismissed"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["ErrorResponse"];
                };
            };
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listNotificationTemplates: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The layouts, one per kind. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "templates": [
                     *         {
                     *           "kind": "alert",
                     *           "custom": true,
                     *           "html": "<html><body><h1>{{rule.name}}</h1><p>{{body}}</p></body></html>",
                     *           "text": "{{subject}}\n\n{{body}}\n",
                     *           "updatedOn": 1795353140000
                     *         },
                     *         {
                     *           "kind": "failure",
                     *           "custom": false,
                     *           "html": "<!DOCTYPE html>...",
                     *           "text": "Evaluation {{evaluationId}} of rule '{{rule.name}}' failed at {{time}}.\n",
                     *           "updatedOn": null
                     *         },
                     *         {
                     *           "kind": "digest",
                     *           "custom": false,
                     *           "html": "<!DOCTYPE html>...",
                     *           "text": "{{subject}}\n",
                     *           "updatedOn": null
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["NotificationTemplateListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getNotificationTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The layout's kind. */
                kind: components["schemas"]["NotificationKind"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The layout. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "template": {
                     *         "kind": "alert",
                     *         "custom": true,
                     *         "html": "<html><body><h1>{{rule.name}}</h1><p>{{body}}</p></body></html>",
                     *         "text": "{{subject}}\n\n{{body}}\n",
                     *         "updatedOn": 1795353140000
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["NotificationTemplateResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    putNotificationTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The layout's kind. */
                kind: components["schemas"]["NotificationKind"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "html": "<html><body><h1>{{rule.name}}</h1><p>{{body}}</p>{{#each entities}}<p><a href=\"{{link}}\">{{displayName}}</a></p>{{/each}}</body></html>",
                 *       "text": "{{subject}}\n\n{{body}}\n"
                 *     }
                 */
                "application/json": components["schemas"]["PutNotificationTemplateRequest"];
            };
        };
        responses: {
            /** @description The stored layout. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "template": {
                     *         "kind": "alert",
                     *         "custom": true,
                     *         "html": "<html><body><h1>{{rule.name}}</h1><p>{{body}}</p></body></html>",
                     *         "text": "{{subject}}\n\n{{body}}\n",
                     *         "updatedOn": 1795353140000
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["NotificationTemplateResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteNotificationTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The layout's kind. */
                kind: components["schemas"]["NotificationKind"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The default layout, now in use. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "template": {
                     *         "kind": "alert",
                     *         "custom": false,
                     *         "html": "<!DOCTYPE html>...",
                     *         "text": "{{subject}}\n",
                     *         "updatedOn": null
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["NotificationTemplateResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    previewNotificationTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The layout's kind. */
                kind: components["schemas"]["NotificationKind"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "ruleId": "9b1e2d3c-4a5b-4c6d-8e7f-0a1b2c3d4e5f",
                 *       "html": "<html><body><h1>{{rule.name}}</h1><p>{{plural entityCount \"entity\" \"entities\"}}</p></body></html>"
                 *     }
                 */
                "application/json": components["schemas"]["PreviewNotificationTemplateRequest"];
            };
        };
        responses: {
            /** @description The rendered message. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "preview": {
                     *         "subject": "[HIGH] Unencrypted buckets",
                     *         "html": "<html><body><h1>Unencrypted buckets</h1><p>3 entities</p></body></html>",
                     *         "text": "[HIGH] Unencrypted buckets\n\n3 buckets are not encrypted\n"
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["NotificationPreviewResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["NotFound"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listParameters: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The account's parameters. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "parameters": [
                     *         {
                     *           "name": "slackToken",
                     *           "secret": true,
                     *           "createdOn": 1795353140000,
                     *           "updatedOn": 1795353140000
                     *         },
                     *         {
                     *           "name": "trustedCidrs",
                     *           "value": [
                     *             "10.0.0.0/8",
                     *             "192.168.0.0/16"
                     *           ],
                     *           "secret": false,
                     *           "createdOn": 1795353156539,
                     *           "updatedOn": 1795353156539
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["ParameterListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    getParameter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A parameter name: 1 to 128 letters, digits and `_`, not starting with a digit
                 *     (`^[A-Za-z_][A-Za-z0-9_]{0,127}$`), so that `${param.<name>}` and `param.<name>` reach it.
                 *     Names are case-sensitive. Any other name is 400 `VALIDATION_ERROR` (`Invalid parameter
                 *     name 'my-param': ...`).
                 */
                name: components["parameters"]["ParameterName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Parameter"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ParameterNotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    putParameter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A parameter name: 1 to 128 letters, digits and `_`, not starting with a digit
                 *     (`^[A-Za-z_][A-Za-z0-9_]{0,127}$`), so that `${param.<name>}` and `param.<name>` reach it.
                 *     Names are case-sensitive. Any other name is 400 `VALIDATION_ERROR` (`Invalid parameter
                 *     name 'my-param': ...`).
                 */
                name: components["parameters"]["ParameterName"];
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PutParameterRequest"];
            };
        };
        responses: {
            200: components["responses"]["Parameter"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            413: components["responses"]["PayloadTooLarge"];
            415: components["responses"]["UnsupportedMediaType"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    deleteParameter: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A parameter name: 1 to 128 letters, digits and `_`, not starting with a digit
                 *     (`^[A-Za-z_][A-Za-z0-9_]{0,127}$`), so that `${param.<name>}` and `param.<name>` reach it.
                 *     Names are case-sensitive. Any other name is 400 `VALIDATION_ERROR` (`Invalid parameter
                 *     name 'my-param': ...`).
                 */
                name: components["parameters"]["ParameterName"];
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: components["responses"]["Parameter"];
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            404: components["responses"]["ParameterNotFound"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
    listAuditEvents: {
        parameters: {
            query?: {
                /**
                 * @description Only events at or after this instant: an ISO 8601 date-time with `Z` or an offset
                 *     (`2026-01-31T12:00:00Z`; encode a `+` offset as `%2B`).
                 */
                since?: string;
                /** @description Only events before this instant, written as `since` is. */
                until?: string;
                /** @description Only the changes made with this API key (its `id`). */
                actor?: string;
                /** @description Only the changes of this target (its `id`). */
                target?: string;
                limit?: number;
                /** @description The `cursor` of the previous page. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of audit events. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "events": [
                     *         {
                     *           "id": "2f1e0d9c-8b7a-4c6d-9e5f-4a3b2c1d0e9f",
                     *           "accountId": "acme-prod",
                     *           "occurredOn": 1795353060000,
                     *           "occurredAt": "2026-11-22T10:31:00.000Z",
                     *           "actor": {
                     *             "type": "apiKey",
                     *             "keyId": "d1dd4b07-b66d-4671-acff-42f81888a32e",
                     *             "keyName": "ci"
                     *           },
                     *           "operation": "putParameter",
                     *           "action": "update",
                     *           "target": {
                     *             "type": "parameter",
                     *             "id": "slackToken"
                     *           },
                     *           "summary": {
                     *             "name": "slackToken",
                     *             "secret": true
                     *           },
                     *           "requestId": "0d8f7e6a-5b4c-4d3e-8f2a-1b0c9d8e7f6a"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["AuditEventListResponse"];
                };
            };
            400: components["responses"]["BadRequest"];
            401: components["responses"]["Unauthorized"];
            403: components["responses"]["Forbidden"];
            500: components["responses"]["InternalError"];
            503: components["responses"]["ServiceUnavailable"];
        };
    };
}
