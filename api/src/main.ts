import { apiEnvSchema, loadConfigOrExit } from '@nocturne/config';
import { createApp } from './app.factory.js';

const config = loadConfigOrExit(apiEnvSchema);
const app = await createApp(config);
await app.listen({ port: config.PORT, host: config.HOST });
