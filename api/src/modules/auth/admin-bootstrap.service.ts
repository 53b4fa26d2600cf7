import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { type ApiConfig, InjectConfig } from '../../config/api-config.js';
import { ensureAdmin } from './admin-bootstrap.js';
import { PasswordHasher } from './password-hasher.js';

/** On start, ADMIN_EMAIL + ADMIN_PASSWORD make sure that admin exists (only when it does not yet). */
@Injectable()
export class AdminBootstrapService implements OnApplicationBootstrap {
  private readonly logger = new Logger('AdminBootstrap');

  constructor(
    private readonly em: EntityManager,
    private readonly hasher: PasswordHasher,
    @InjectConfig() private readonly config: ApiConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password } = this.config;
    if (!email || !password) return;
    const em = this.em.fork();
    const existing = await em.execute<{ is_admin: boolean }[]>('select is_admin from members where email = ?', [email.toLowerCase()]);
    if (existing[0]?.is_admin) return;
    const outcome = await ensureAdmin(em, this.hasher, { email, password });
    this.logger.log(`Admin ${email} ${outcome}`);
  }
}
