import type { AppConfig } from '@/server/config';
import { type DatabaseHandle, openDatabase } from './client';

/** PostgreSQL when DATABASE_URL is set, otherwise the embedded database in DATA_DIR. */
export function openConfiguredDatabase(config: Pick<AppConfig, 'DATABASE_URL' | 'DATA_DIR'>): Promise<DatabaseHandle> {
  return config.DATABASE_URL
    ? openDatabase({ kind: 'postgres', url: config.DATABASE_URL })
    : openDatabase({ kind: 'pglite', dataDir: config.DATA_DIR });
}
