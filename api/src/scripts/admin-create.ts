import { AdminBootstrapService } from '../modules/auth/auth.public.js';
import { parseFlags, runScript, withScriptContext } from './script-app.js';

// npm run admin:create -- --email E --password P --first-name F [--last-name L]
runScript(async () => {
  const flags = parseFlags(process.argv.slice(2));
  if (!flags['email'] || !flags['password']) {
    console.error('Usage: npm run admin:create -- --email E --password P --first-name F [--last-name L]');
    return 2;
  }
  await withScriptContext(async (app) => {
    const outcome = await app.get(AdminBootstrapService).createOrPromote({
      email: flags['email']!,
      password: flags['password']!,
      firstName: flags['first-name'],
      lastName: flags['last-name'],
    });
    console.log(
      `Admin ${flags['email']} ${outcome}${outcome === 'promoted' ? ' (password set, every earlier session signed out)' : ''}.`,
    );
  });
});
