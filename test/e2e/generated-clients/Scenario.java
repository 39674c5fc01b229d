import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import graphsync.client.ApiClient;
import graphsync.client.ApiException;
import graphsync.client.api.QueryApi;
import graphsync.client.api.RulesApi;
import graphsync.client.api.SyncJobsApi;
import graphsync.client.model.AbstractOpenApiSchema;
import graphsync.client.model.ActionOutcome;
import graphsync.client.model.ErrorResponse;
import graphsync.client.model.EvaluationRecord;
import graphsync.client.model.EvaluationRecordOperationsInner;
import graphsync.client.model.EvaluationRecordQueriesInner;
import graphsync.client.model.QueryRequest;
import graphsync.client.model.CreateAlertAction;
import graphsync.client.model.Rule;
import graphsync.client.model.RuleAction;
import graphsync.client.model.RuleCondition;
import graphsync.client.model.RuleOperation;
import graphsync.client.model.RuleQuery;
import graphsync.client.model.RuleQuestion;
import graphsync.client.model.RuleRequest;
import graphsync.client.model.SetPropertyAction;
import graphsync.client.model.SetPropertyActionTargetValue;
import graphsync.client.model.StartSyncJobRequest;
import graphsync.client.model.SyncJob;
import graphsync.client.model.SyncJobEntitiesRequest;
import graphsync.client.model.SyncJobRelationshipsRequest;
import graphsync.client.model.UploadedEntity;
import graphsync.client.model.UploadedRelationship;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The client scenario (see generated-clients.test.ts) written with the java client that
 * openapi-generator makes from openapi.yaml (library native: java.net.http and Jackson), as a user
 * of that library writes it: entities and relationships are JupiterOne-shaped JSON read into the
 * models with the client's ObjectMapper. The test compiles it with javac against the compiled
 * client and runs it with java.
 *
 * <p>Reads GRAPHSYNC_URL, GRAPHSYNC_ACCOUNT, GRAPHSYNC_API_KEY and GRAPHSYNC_SCOPE; prints one
 * JSON object, a result or {"error": ...} per step, that the test compares with the expected one.
 */
public final class Scenario {
  interface Step {
    Object run() throws Exception;
  }

  private static final Map<String, Object> results = new LinkedHashMap<>();

  /** Runs one step, keeping its result or what went wrong (an HTTP error with its body). */
  private static void step(String name, Step step) {
    try {
      results.put(name, step.run());
    } catch (ApiException e) {
      // Code 0: no HTTP answer to speak of (the client failed before or after the exchange).
      results.put(
          name,
          Map.of(
              "error",
              e.getCode() == 0
                  ? "ApiException: " + e.getMessage() + describeCause(e.getCause())
                  : "HTTP " + e.getCode() + ": " + e.getResponseBody()));
    } catch (Exception e) {
      results.put(name, Map.of("error", e.getClass().getSimpleName() + ": " + e.getMessage()));
    }
  }

  private static String describeCause(Throwable cause) {
    return cause == null ? "" : " (" + cause.getClass().getSimpleName() + ": " + cause.getMessage() + ")";
  }

  private static Map<String, Object> map(Object... pairs) {
    Map<String, Object> m = new LinkedHashMap<>();
    for (int i = 0; i < pairs.length; i += 2) m.put((String) pairs[i], pairs[i + 1]);
    return m;
  }

  public static void main(String[] args) throws Exception {
    String scope = System.getenv("GRAPHSYNC_SCOPE");
    ApiClient client = new ApiClient();
    client.updateBaseUri(System.getenv("GRAPHSYNC_URL"));
    String account = System.getenv("GRAPHSYNC_ACCOUNT");
    String apiKey = System.getenv("GRAPHSYNC_API_KEY");
    client.setRequestInterceptor(
        request ->
            request.header("Authorization", "Bearer " + apiKey).header("JupiterOne-Account", account));
    ObjectMapper mapper = client.getObjectMapper();
    SyncJobsApi syncJobs = new SyncJobsApi(client);
    QueryApi query = new QueryApi(client);
    RulesApi rules = new RulesApi(client);

    List<UploadedEntity> entities = new ArrayList<>();
    for (Map<String, Object> e :
        List.of(
            map(
                "_key", "gc-host-1", "_type", "gc_host", "_class", "Host", "displayName", "host-1",
                "port", 443, "public", true, "tags", List.of("prod", "web")),
            map(
                "_key", "gc-host-2", "_type", "gc_host", "_class", "Host", "displayName", "host-2",
                "port", 22, "public", false, "tags", List.of("dev")),
            map(
                "_key", "gc-app-1", "_type", "gc_app", "_class", List.of("Application", "Service"),
                "displayName", "app-1")))
      entities.add(mapper.convertValue(e, UploadedEntity.class));
    List<UploadedRelationship> relationships = new ArrayList<>();
    for (String host : List.of("gc-host-1", "gc-host-2"))
      relationships.add(
          mapper.convertValue(
              map(
                  "_key", host + "|runs|gc-app-1", "_type", "gc_host_runs_app", "_class", "RUNS",
                  "_fromEntityKey", host, "_toEntityKey", "gc-app-1"),
              UploadedRelationship.class));

    String[] jobId = {""};
    step(
        "start",
        () -> {
          SyncJob job =
              syncJobs
                  .startSyncJob(
                      mapper.convertValue(
                          map("source", "api", "scope", scope, "syncMode", "DIFF"),
                          StartSyncJobRequest.class))
                  .getJob();
          jobId[0] = job.getId();
          return map(
              "status", job.getStatus(),
              "source", job.getSource(),
              "scope", job.getScope(),
              "syncMode", job.getSyncMode(),
              "done", job.getDone());
        });
    step(
        "entities",
        () -> {
          SyncJob job =
              syncJobs
                  .uploadSyncJobEntities(
                      jobId[0], new SyncJobEntitiesRequest().entities(entities), null, null, null)
                  .getJob();
          return map("numEntitiesUploaded", job.getNumEntitiesUploaded());
        });
    step(
        "relationships",
        () -> {
          SyncJob job =
              syncJobs
                  .uploadSyncJobRelationships(
                      jobId[0],
                      new SyncJobRelationshipsRequest().relationships(relationships),
                      null,
                      null,
                      null)
                  .getJob();
          return map("numRelationshipsUploaded", job.getNumRelationshipsUploaded());
        });
    step(
        "finalize",
        () -> {
          SyncJob job = syncJobs.finalizeSyncJob(jobId[0], null, null).getJob();
          return map("status", job.getStatus(), "done", job.getDone());
        });
    step(
        "job",
        () -> {
          SyncJob job = syncJobs.getSyncJob(jobId[0]).getJob();
          return map(
              "status", job.getStatus(),
              "done", job.getDone(),
              "numEntitiesUploaded", job.getNumEntitiesUploaded(),
              "numEntitiesCreated", job.getNumEntitiesCreated(),
              "numRelationshipsUploaded", job.getNumRelationshipsUploaded(),
              "numRelationshipsCreated", job.getNumRelationshipsCreated());
        });
    step(
        "listQuery",
        () -> {
          Map<String, Object> response =
              page(
                  mapper,
                  query.runQuery(new QueryRequest().query("FIND gc_host AS h ORDER BY h.displayName")));
          List<Map<String, Object>> out = new ArrayList<>();
          for (Map<String, Object> v : rows(response)) {
            @SuppressWarnings("unchecked")
            Map<String, Object> entity = (Map<String, Object>) v.get("entity");
            @SuppressWarnings("unchecked")
            Map<String, Object> properties = (Map<String, Object>) v.get("properties");
            out.add(
                map(
                    "_key", entity.get("_key"),
                    "_type", entity.get("_type"),
                    "_class", entity.get("_class"),
                    "displayName", entity.get("displayName"),
                    "port", properties.get("port"),
                    "public", properties.get("public"),
                    "tags", properties.get("tags")));
          }
          return map(
              "type", response.get("type"), "totalCount", response.get("totalCount"), "entities", out);
        });
    step(
        "tableQuery",
        () -> {
          List<Map<String, Object>> rows = new ArrayList<>();
          String cursor = null;
          int pages = 0;
          Map<String, Object> response;
          do {
            response =
                page(
                    mapper,
                    query.runQuery(
                        new QueryRequest()
                            .query(
                                "FIND gc_host AS h THAT RUNS gc_app AS a RETURN h.displayName,"
                                    + " h.port, a.displayName ORDER BY h.displayName")
                            .limit(1L)
                            .cursor(cursor)));
            pages += 1;
            rows.addAll(rows(response));
            cursor = (String) response.get("cursor");
          } while (cursor != null && pages < 10);
          return map(
              "type",
              response.get("type"),
              "totalCount",
              response.get("totalCount"),
              "pages",
              pages,
              "rows",
              rows);
        });
    String[] ruleId = {""};
    step(
        "createRule",
        () -> {
          RuleRequest rule =
              new RuleRequest()
                  .name("gc-hosts")
                  .pollingInterval(RuleRequest.PollingIntervalEnum.DISABLED)
                  .question(
                      new RuleQuestion()
                          .queries(List.of(new RuleQuery().name("hosts").query("FIND gc_host"))))
                  .operations(
                      List.of(
                          new RuleOperation()
                              .when(
                                  new RuleCondition()
                                      .type(RuleCondition.TypeEnum.FILTER)
                                      .condition("{{queries.hosts.total > 0}}"))
                              .actions(
                                  List.of(
                                      new RuleAction(
                                          new SetPropertyAction()
                                              .type(SetPropertyAction.TypeEnum.SET_PROPERTY)
                                              .targetProperty("alertLevel")
                                              .targetValue(
                                                  new SetPropertyActionTargetValue("HIGH"))),
                                      new RuleAction(
                                          new CreateAlertAction()
                                              .type(CreateAlertAction.TypeEnum.CREATE_ALERT))))));
          Rule created = rules.createRule(rule).getRule();
          ruleId[0] = created.getId();
          List<Object> queryNames = new ArrayList<>();
          for (RuleQuery q : created.getQuestion().getQueries()) queryNames.add(q.getName());
          return map(
              "name", created.getName(),
              "version", created.getVersion(),
              "state", created.getState(),
              "pollingInterval", created.getPollingInterval().getValue(),
              "queryNames", queryNames);
        });
    step(
        "evaluateRule",
        () -> {
          EvaluationRecord evaluation = rules.evaluateRule(ruleId[0], null).getEvaluation();
          List<Object> queries = new ArrayList<>();
          for (EvaluationRecordQueriesInner q : evaluation.getQueries())
            queries.add(map("name", q.getName(), "total", q.getTotal(), "type", q.getType()));
          EvaluationRecordOperationsInner operation = evaluation.getOperations().get(0);
          List<Object> actions = new ArrayList<>();
          for (ActionOutcome a : operation.getActions())
            actions.add(List.of(a.getType(), a.getStatus()));
          return map(
              "status", evaluation.getStatus(),
              "trigger", evaluation.getTrigger(),
              "queries", queries,
              "conditionResult", operation.getConditionResult(),
              "actions", actions,
              "alert", evaluation.getAlert() == null ? null : evaluation.getAlert().getChange());
        });
    step(
        "error",
        () -> {
          SyncJob job =
              syncJobs
                  .startSyncJob(new StartSyncJobRequest().source("api").scope(scope + "-rejected"))
                  .getJob();
          UploadedEntity noKey =
              mapper.convertValue(map("_type", "gc_host", "_class", "Host"), UploadedEntity.class);
          try {
            syncJobs.uploadSyncJobEntities(
                job.getId(), new SyncJobEntitiesRequest().entities(List.of(noKey)), null, null, null);
            return map("status", 200);
          } catch (ApiException e) {
            ErrorResponse error = mapper.readValue(e.getResponseBody(), ErrorResponse.class);
            return map(
                "status", e.getCode(),
                "code", error.getError().getCode(),
                "message", error.getError().getMessage());
          }
        });
    System.out.println(new ObjectMapper().writeValueAsString(results));
  }

  /**
   * One page of a query result as the JSON it was read from (wire names), through the client's
   * model: the response itself, or the list, table or tree result inside it when the response is a
   * oneOf.
   */
  private static Map<String, Object> page(ObjectMapper mapper, Object response) {
    if (response instanceof AbstractOpenApiSchema)
      response = ((AbstractOpenApiSchema) response).getActualInstance();
    return mapper.convertValue(response, new TypeReference<Map<String, Object>>() {});
  }

  /** A page's rows as JSON-shaped maps. */
  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> rows(Map<String, Object> page) {
    Object data = page.get("data");
    if (!(data instanceof List)) throw new IllegalStateException("data is not a list: " + data);
    return (List<Map<String, Object>>) data;
  }
}
