import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';
import { AuthRepository } from './auth.repository.js';
import { type AdminAccount, type AdminOutcome, ensureAdmin } from './admin-bootstrap.js';
import { PasswordHasher } from './password-hasher.js';

/**
 * On start, ADMIN_EMAIL + ADMIN_PASSWORD create that admin when nobody has the e-mail. A member
 * who already has it is never promoted here: anyone could have registered the address before the
 * api (re)started. That is logged as an error; `npm run admin:create` promotes on purpose.
 */
@Injectable()
export class AdminBootstrapService implements OnApplicationBootstrap {
  private readonly logger = new Logger('AdminBootstrap');

  constructor(
    private readonly em: EntityManager,
    private readonly hasher: PasswordHasher,
    private readonly repository: AuthRepository,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = this.config;
    if (!email || !password) return;
    const em = this.em.fork();
    const existing = await this.repository.findRoleByEmail(em, email.toLowerCase());
    if (existing?.role === 'admin') return;
    const outcome = existing
      ? 'refused'
      : await ensureAdmin(em, this.hasher, { email, password }, { promoteExisting: false }, this.repository);
    if (outcome === 'refused') {
      this.logger.error(
        `ADMIN_EMAIL ${email} belongs to an existing member who is not an admin: not promoted. ` +
          `If that account is really yours, promote it with \`npm run admin:create -- --email ${email} --password …\` ` +
          `(sets the password and signs out its sessions), or set ADMIN_EMAIL to another address.`,
      );
      return;
    }
    this.logger.log(`Admin ${email} ${outcome}`);
  }

  /** `npm run admin:create`: creates the admin, or deliberately promotes the member who has the e-mail. */
  async createOrPromote(account: AdminAccount): Promise<AdminOutcome> {
    return ensureAdmin(this.em.fork(), this.hasher, account, { promoteExisting: true }, this.repository);
  }
}
