"""The client scenario (see generated-clients.test.ts) written with the python client that
openapi-generator makes from openapi.yaml (package graphsync_client, pydantic 2 + urllib3), as a
user of that package writes it: request bodies are built from JSON-shaped dicts with the models'
from_dict. The test runs it with python3, the generated package on PYTHONPATH.

Reads GRAPHSYNC_URL, GRAPHSYNC_ACCOUNT, GRAPHSYNC_API_KEY and GRAPHSYNC_SCOPE; prints one JSON
object, a result or {"error": ...} per step, that the test compares with the expected one.
"""

import json
import os
import sys

import graphsync_client
from graphsync_client import (
    ApiClient,
    Configuration,
    ErrorResponse,
    QueryApi,
    QueryRequest,
    RuleRequest,
    RulesApi,
    StartSyncJobRequest,
    SyncJobEntitiesRequest,
    SyncJobRelationshipsRequest,
    SyncJobsApi,
)

SCOPE = os.environ["GRAPHSYNC_SCOPE"]

config = Configuration(
    host=os.environ["GRAPHSYNC_URL"],
    access_token=os.environ["GRAPHSYNC_API_KEY"],
    api_key={"accountHeader": os.environ["GRAPHSYNC_ACCOUNT"]},
)
client = ApiClient(config)
sync_jobs = SyncJobsApi(client)
query = QueryApi(client)
rules = RulesApi(client)

ENTITIES = [
    {
        "_key": "gc-host-1",
        "_type": "gc_host",
        "_class": "Host",
        "displayName": "host-1",
        "port": 443,
        "public": True,
        "tags": ["prod", "web"],
    },
    {
        "_key": "gc-host-2",
        "_type": "gc_host",
        "_class": "Host",
        "displayName": "host-2",
        "port": 22,
        "public": False,
        "tags": ["dev"],
    },
    {"_key": "gc-app-1", "_type": "gc_app", "_class": ["Application", "Service"], "displayName": "app-1"},
]
RELATIONSHIPS = [
    {
        "_key": f"{host}|runs|gc-app-1",
        "_type": "gc_host_runs_app",
        "_class": "RUNS",
        "_fromEntityKey": host,
        "_toEntityKey": "gc-app-1",
    }
    for host in ["gc-host-1", "gc-host-2"]
]
RULE = {
    "name": "gc-hosts",
    "pollingInterval": "DISABLED",
    "question": {"queries": [{"name": "hosts", "query": "FIND gc_host"}]},
    "operations": [
        {
            "when": {"type": "FILTER", "condition": "{{queries.hosts.total > 0}}"},
            "actions": [
                {"type": "SET_PROPERTY", "targetProperty": "alertLevel", "targetValue": "HIGH"},
                {"type": "CREATE_ALERT"},
            ],
        }
    ],
}

results = {}


def step(name):
    """Runs one step, keeping its result or what went wrong (an HTTP error with its body)."""

    def run(fn):
        try:
            results[name] = fn()
        except graphsync_client.ApiException as e:
            results[name] = {"error": f"HTTP {e.status}: {e.body}"}
        except Exception as e:  # noqa: BLE001 - every failure is a result
            results[name] = {"error": f"{type(e).__name__}: {e}"}
        return fn

    return run


def one_of(value):
    """The model inside a oneOf/anyOf wrapper (its actual_instance), or the value itself."""
    return value.actual_instance if hasattr(value, "actual_instance") else value


def run_query(body):
    """One page of a query: the response model (a list, table or tree result)."""
    return one_of(query.run_query(QueryRequest.from_dict(body)))


def rows_of(response):
    """A query result's rows as JSON-shaped dicts (wire names), whatever model holds them."""
    data = one_of(response.data)
    if not isinstance(data, list):
        raise TypeError(f"data is not a list: {data!r}")
    return [row if isinstance(row, dict) else row.to_dict() for row in data]


state = {}


@step("start")
def _():
    job = sync_jobs.start_sync_job(
        StartSyncJobRequest.from_dict({"source": "api", "scope": SCOPE, "syncMode": "DIFF"})
    ).job
    state["job_id"] = job.id
    return {
        "status": job.status,
        "source": job.source,
        "scope": job.scope,
        "syncMode": job.sync_mode,
        "done": job.done,
    }


@step("entities")
def _():
    job = sync_jobs.upload_sync_job_entities(
        state["job_id"], SyncJobEntitiesRequest.from_dict({"entities": ENTITIES})
    ).job
    return {"numEntitiesUploaded": job.num_entities_uploaded}


@step("relationships")
def _():
    job = sync_jobs.upload_sync_job_relationships(
        state["job_id"], SyncJobRelationshipsRequest.from_dict({"relationships": RELATIONSHIPS})
    ).job
    return {"numRelationshipsUploaded": job.num_relationships_uploaded}


@step("finalize")
def _():
    job = sync_jobs.finalize_sync_job(state["job_id"]).job
    return {"status": job.status, "done": job.done}


@step("job")
def _():
    job = sync_jobs.get_sync_job(state["job_id"]).job
    return {
        "status": job.status,
        "done": job.done,
        "numEntitiesUploaded": job.num_entities_uploaded,
        "numEntitiesCreated": job.num_entities_created,
        "numRelationshipsUploaded": job.num_relationships_uploaded,
        "numRelationshipsCreated": job.num_relationships_created,
    }


@step("listQuery")
def _():
    response = run_query({"query": "FIND gc_host AS h ORDER BY h.displayName"})
    return {
        "type": response.type,
        "totalCount": response.total_count,
        "entities": [
            {
                "_key": v["entity"]["_key"],
                "_type": v["entity"]["_type"],
                "_class": v["entity"]["_class"],
                "displayName": v["entity"]["displayName"],
                "port": v["properties"]["port"],
                "public": v["properties"]["public"],
                "tags": v["properties"]["tags"],
            }
            for v in rows_of(response)
        ],
    }


@step("tableQuery")
def _():
    rows, cursor, pages = [], None, 0
    while True:
        body = {
            "query": "FIND gc_host AS h THAT RUNS gc_app AS a"
            " RETURN h.displayName, h.port, a.displayName ORDER BY h.displayName",
            "limit": 1,
        }
        if cursor is not None:
            body["cursor"] = cursor
        response = run_query(body)
        pages += 1
        rows.extend(rows_of(response))
        cursor = response.cursor
        if cursor is None or pages >= 10:
            break
    return {"type": response.type, "totalCount": response.total_count, "pages": pages, "rows": rows}


@step("createRule")
def _():
    rule = rules.create_rule(RuleRequest.from_dict(RULE)).rule
    state["rule_id"] = rule.id
    return {
        "name": rule.name,
        "version": rule.version,
        "state": rule.state,
        "pollingInterval": rule.polling_interval,
        "queryNames": [q.name for q in rule.question.queries],
    }


@step("evaluateRule")
def _():
    evaluation = rules.evaluate_rule(state["rule_id"]).evaluation
    operation = evaluation.operations[0]
    return {
        "status": evaluation.status,
        "trigger": evaluation.trigger,
        "queries": [{"name": q.name, "total": q.total, "type": q.type} for q in evaluation.queries],
        "conditionResult": operation.condition_result,
        "actions": [[a.type, a.status] for a in operation.actions],
        "alert": evaluation.alert.change if evaluation.alert is not None else None,
    }


@step("error")
def _():
    job = sync_jobs.start_sync_job(
        StartSyncJobRequest.from_dict({"source": "api", "scope": f"{SCOPE}-rejected"})
    ).job
    try:
        sync_jobs.upload_sync_job_entities(
            job.id,
            SyncJobEntitiesRequest.from_dict({"entities": [{"_type": "gc_host", "_class": "Host"}]}),
        )
        return {"status": 200}
    except graphsync_client.ApiException as e:
        error = e.data if isinstance(e.data, ErrorResponse) else None
        if error is None:
            raise TypeError(f"the {e.status} carries no typed ErrorResponse: {e.body}") from e
        return {"status": e.status, "code": error.error.code, "message": error.error.message}


json.dump(results, sys.stdout)
sys.stdout.write("\n")
