/** The settings for several instances: each read from the environment, a wrong value stopping the start with a sentence. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';

describe('DATABASE_POOL_SIZE', () => {
  it('is 10 unless set, and must be a whole number of 1 or more', () => {
    expect(loadConfig({}).databasePoolSize).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: '4' }).databasePoolSize).toBe(4);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow('DATABASE_POOL_SIZE must be 1 or more, got "0"');
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'many' })).toThrow('Expected a whole number, got "many"');
  });
});

describe('RATE_LIMIT_STORE', () => {
  it('is postgres unless set to memory; anything else names the choices', () => {
    expect(loadConfig({}).rateLimitStore).toBe('postgres');
    expect(loadConfig({ RATE_LIMIT_STORE: 'memory' }).rateLimitStore).toBe('memory');
    expect(() => loadConfig({ RATE_LIMIT_STORE: 'redis' })).toThrow('RATE_LIMIT_STORE must be one of postgres, memory, got "redis"');
  });
});
