import { Injectable, Logger } from '@nestjs/common';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { InjectConfig, type WorkerConfig } from '../config/worker-config.js';
import { emailSends } from '../metrics/worker-metrics.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  replyTo?: string;
  /** Files sent with the text, e.g. a booking's .ics (text/calendar). */
  attachments?: { filename: string; content: string; contentType: string }[];
}

/**
 * Sends over SMTP when SMTP_URL is set; otherwise writes each message as an .eml file under
 * MAIL_DIR, so development and demos can read what would have gone out.
 */
@Injectable()
export class Mailer {
  private readonly logger = new Logger('Mailer');
  private readonly transport: Transporter;

  constructor(@InjectConfig() private readonly config: WorkerConfig) {
    this.transport = config.SMTP_URL
      ? nodemailer.createTransport({
          url: config.SMTP_URL,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
        })
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  }

  async send(mail: OutgoingMail): Promise<void> {
    const info = await this.transport.sendMail({ from: this.config.MAIL_FROM, ...mail }).catch((error: unknown) => {
      emailSends.inc({ result: 'failed' });
      throw error;
    });
    emailSends.inc({ result: 'sent' });
    if (this.config.SMTP_URL) return;
    const dir = path.resolve(this.config.MAIL_DIR);
    await mkdir(dir, { recursive: true });
    const file = path.join(
      dir,
      `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(info.messageId).replace(/[^\w.-]/g, '')}.eml`,
    );
    await writeFile(file, (info as unknown as { message: Buffer }).message);
    this.logger.log(`Wrote ${file}`);
  }
}
