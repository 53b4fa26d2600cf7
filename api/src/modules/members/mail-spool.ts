import { Injectable, Logger } from '@nestjs/common';
import { readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { type ApiConfig, InjectConfig } from '#config/api-config.js';

/**
 * Without SMTP_URL the worker writes each e-mail as an .eml file under MAIL_DIR (development and
 * demos). Account deletion removes the files addressed to or naming the member's e-mail (security
 * review M4); with SMTP there is no spool and nothing to do.
 */
@Injectable()
export class MailSpool {
  private readonly logger = new Logger('MailSpool');

  constructor(@InjectConfig() private readonly config: ApiConfig) {}

  async forget(email: string): Promise<number> {
    if (this.config.SMTP_URL) return 0;
    const dir = path.resolve(this.config.MAIL_DIR);
    const files = await readdir(dir).catch(() => [] as string[]);
    const needle = email.toLowerCase();
    let removed = 0;
    for (const file of files.filter((name) => name.endsWith('.eml'))) {
      const full = path.join(dir, file);
      const text = await readFile(full, 'utf8').catch(() => '');
      if (!text.toLowerCase().includes(needle)) continue;
      await rm(full, { force: true });
      removed += 1;
    }
    if (removed) this.logger.log(`Removed ${removed} spooled e-mails of a deleted account`);
    return removed;
  }
}
