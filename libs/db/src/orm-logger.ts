import { DefaultLogger, type LogContext, type LoggerNamespace, type LoggerOptions } from '@mikro-orm/core';
import type { Logger } from 'pino';

/**
 * MikroORM's own lines (the migrator's "Applied ...", warnings, queries while debugging) as pino
 * JSON lines like every other line of the processes, instead of its coloured text: `context` says
 * which part of MikroORM spoke, as Nest's context does for the app's lines.
 */
export class JsonOrmLogger extends DefaultLogger {
  constructor(
    options: LoggerOptions,
    private readonly logger: Logger,
  ) {
    super(options);
  }

  override log(namespace: LoggerNamespace | string, message: string, context?: LogContext): void {
    if (!this.isEnabled(namespace as LoggerNamespace, context)) return;
    const level = context?.level === 'error' ? 'error' : context?.level === 'warning' ? 'warn' : 'info';
    const fields = { context: `MikroORM:${namespace}`, ...(context?.label ? { label: context.label } : {}) };
    this.logger[level](fields, message.replace(/\s+/g, ' ').trim());
  }

  override logQuery(context: LogContext): void {
    const namespace = context.namespace ?? 'query';
    if (!this.isEnabled(namespace, context)) return;
    const { query, took, results, affected } = context;
    this.logger.info({ context: `MikroORM:${namespace}`, took, results, affected }, query?.replace(/\s+/g, ' ').trim() ?? '');
  }
}
