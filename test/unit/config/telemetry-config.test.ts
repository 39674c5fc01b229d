import assert from 'node:assert/strict';
import { ConfigError, loadConfig } from '../../../src/config/config';

describe('loadConfig: metrics and tracing settings', () => {
  it('leaves tracing off, /metrics open and no worker listener by default', () => {
    assert.deepEqual(loadConfig({}).telemetry, {
      metricsToken: undefined,
      workerMetricsPort: undefined,
      tracing: undefined,
    });
  });

  it('treats empty values as unset, as compose passes them', () => {
    const c = loadConfig({
      METRICS_TOKEN: '',
      WORKER_METRICS_PORT: ' ',
      OTEL_EXPORTER_OTLP_ENDPOINT: '',
      OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '',
      OTEL_SERVICE_NAME: '',
      OTEL_BSP_SCHEDULE_DELAY: '',
    });
    assert.deepEqual(c.telemetry, {
      metricsToken: undefined,
      workerMetricsPort: undefined,
      tracing: undefined,
    });
  });

  it('turns tracing on with OTLP endpoint: the base gets /v1/traces, a traces endpoint is used as is', () => {
    assert.deepEqual(
      loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).telemetry.tracing,
      {
        endpoint: 'http://collector:4318/v1/traces',
        serviceName: undefined,
        exportDelayMs: 5000,
      },
    );
    assert.deepEqual(
      loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://traces.example.com/otlp/v1/traces',
        OTEL_SERVICE_NAME: 'graphsync-eu',
        OTEL_BSP_SCHEDULE_DELAY: '250',
      }).telemetry.tracing,
      {
        endpoint: 'https://traces.example.com/otlp/v1/traces',
        serviceName: 'graphsync-eu',
        exportDelayMs: 250,
      },
    );
  });

  it('reads the worker port (0: any free one) and the metrics token', () => {
    const c = loadConfig({ WORKER_METRICS_PORT: '0', METRICS_TOKEN: 'scrape-token-0123456789' });
    assert.equal(c.telemetry.workerMetricsPort, 0);
    assert.equal(c.telemetry.metricsToken, 'scrape-token-0123456789');
  });

  it('names each bad setting, and never echoes the token', () => {
    assert.throws(
      () =>
        loadConfig({
          METRICS_TOKEN: 'short-secret',
          WORKER_METRICS_PORT: '70000',
          OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318',
          OTEL_BSP_SCHEDULE_DELAY: '0',
        }),
      (err: unknown) => {
        assert.ok(err instanceof ConfigError);
        assert.deepEqual(err.problems, [
          'METRICS_TOKEN must be at least 16 characters when set',
          "WORKER_METRICS_PORT must be between 0 and 65535 (got '70000')",
          "OTEL_EXPORTER_OTLP_ENDPOINT must be an http:// or https:// URL without query or fragment (got 'collector:4318')",
          "OTEL_BSP_SCHEDULE_DELAY must be at least 1 (got '0')",
        ]);
        return true;
      },
    );
  });
});
