import { ConfigError, loadConfig } from './config.ts';
import { startServer } from './server.ts';

async function main() {
  const server = await startServer(loadConfig());
  const shutdown = async (signal: string) => {
    server.http.log.info(`${signal}: shutting down`);
    await server.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
