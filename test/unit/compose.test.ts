import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const read = (path: string) => parse(readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8')) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('bundled SearxNG', () => {
  const compose = read('docker-compose.yml');
  const settings = read('searxng/settings.yml');

  it('enables the JSON format scout reads, next to html', () => {
    expect(settings.search.formats).toEqual(expect.arrayContaining(['json', 'html']));
  });

  it('turns the limiter off (scout is the only client)', () => {
    expect(settings.server.limiter).toBe(false);
  });

  it('publishes SearxNG on loopback only', () => {
    const ports: string[] = compose.services.searxng.ports;
    expect(ports.length).toBeGreaterThan(0);
    for (const port of ports) expect(port).toMatch(/^127\.0\.0\.1:8080:8080$/);
  });

  it('takes the secret from the environment, never a fixed string', () => {
    expect(settings.server.secret_key).toBeUndefined();
    const secret: string = compose.services.searxng.environment.SEARXNG_SECRET;
    expect(secret).toMatch(/^\$\{SEARXNG_SECRET:\?/);
    expect(readFileSync(new URL('../../searxng/settings.yml', import.meta.url), 'utf8')).not.toMatch(/ultrasecretkey/);
  });

  it('has a healthcheck and mounts the settings read-only', () => {
    expect(compose.services.searxng.healthcheck.test.join(' ')).toContain('/healthz');
    expect(compose.services.searxng.volumes).toContain('./searxng/settings.yml:/etc/searxng/settings.yml:ro');
  });

  it('offers Ollama behind a profile, on loopback, with a model volume', () => {
    const ollama = compose.services.ollama;
    expect(ollama.profiles).toEqual(['ollama']);
    expect(ollama.ports).toEqual(['127.0.0.1:11434:11434']);
    expect(ollama.volumes[0]).toMatch(/:\/root\/\.ollama$/);
    expect(Object.keys(compose.volumes)).toContain(ollama.volumes[0].split(':')[0]);
  });
});

describe('the scout batch pool example', () => {
  const pool = read('examples/pool/docker-compose.yml');
  const services = pool.services;

  it('starts browserless, SearxNG and an inference server (llama.cpp or vLLM, each behind its profile)', () => {
    expect(Object.keys(services).sort()).toEqual(['browserless', 'llamacpp', 'searxng', 'vllm']);
    expect(services.browserless.profiles).toBeUndefined();
    expect(services.searxng.profiles).toBeUndefined();
    expect(services.llamacpp.profiles).toEqual(['llamacpp']);
    expect(services.vllm.profiles).toEqual(['vllm']);
  });

  it('publishes every service on loopback only, the two inference servers on the same port', () => {
    for (const service of Object.values<{ ports: string[] }>(services)) for (const port of service.ports) expect(port).toMatch(/^127\.0\.0\.1:\d+:\d+$/);
    expect(services.llamacpp.ports).toEqual(services.vllm.ports);
  });

  it('takes the browserless token and SearxNG secret from the environment, and keeps the one long browser session alive', () => {
    expect(services.browserless.environment.TOKEN).toMatch(/^\$\{BROWSERLESS_TOKEN:\?/);
    expect(services.searxng.environment.SEARXNG_SECRET).toMatch(/^\$\{SEARXNG_SECRET:\?/);
    expect(services.browserless.environment.TIMEOUT).toBe('-1');
  });

  it('mounts the repository\'s SearxNG settings read-only, and gives llama.cpp parallel slots', () => {
    expect(services.searxng.volumes).toEqual(['../../searxng/settings.yml:/etc/searxng/settings.yml:ro']);
    const command: string[] = services.llamacpp.command;
    expect(command[command.indexOf('--parallel') + 1]).toBe('4');
    expect(Object.keys(pool.volumes)).toContain(services.vllm.volumes[0].split(':')[0]);
  });

  it('has a healthcheck on every service', () => {
    for (const service of Object.values<{ healthcheck: { test: string[] } }>(services)) expect(service.healthcheck.test[0]).toBe('CMD');
  });
});
