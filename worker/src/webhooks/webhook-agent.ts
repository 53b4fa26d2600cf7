import { promises as dns, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Inject } from '@nestjs/common';
import { isPublicAddress } from '@nocturne/domain/webhook-target';
import { Agent } from 'undici';

/** Every address a host name resolves to (dns.lookup with `all`, as the operating system answers). */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolver: ResolveAll = (hostname) => dns.lookup(hostname, { all: true });

/** The resolver deliveries connect through; tests swap it for a stub (a rebinding name, for one). */
export const WEBHOOK_RESOLVER = Symbol('WEBHOOK_RESOLVER');
export const InjectWebhookResolver = () => Inject(WEBHOOK_RESOLVER);

/** A connection refused because the name resolved to a private, loopback or otherwise non-public address. */
export class PrivateTargetRefused extends Error {
  constructor(
    readonly hostname: string,
    readonly address: string,
  ) {
    super(`${hostname} resolves to ${address}, a private or loopback address (set WEBHOOKS_ALLOW_PRIVATE=true to allow)`);
    this.name = 'PrivateTargetRefused';
  }
}

/**
 * The undici Agent webhook deliveries go through. The address is checked inside the socket's own
 * DNS lookup, so the address checked is the address connected to: a name that answers a public
 * address to an earlier check and 127.0.0.1 to the connection (DNS rebinding) is refused here.
 * One non-public address among the answers refuses the whole name, as the earlier check does.
 * `allowPrivate` (WEBHOOKS_ALLOW_PRIVATE, development and tests) lets every address through.
 */
export function createWebhookAgent(resolve: ResolveAll, allowPrivate: boolean): Agent {
  const lookup: LookupFunction = (hostname, options, callback) => {
    resolve(hostname).then(
      (answers) => {
        const family = options.family === 4 || options.family === 6 ? options.family : undefined;
        const usable = family ? answers.filter((answer) => answer.family === family) : answers;
        const blocked = allowPrivate ? undefined : answers.find((answer) => !isPublicAddress(answer.address));
        if (blocked) return callback(new PrivateTargetRefused(hostname, blocked.address), '');
        if (usable.length === 0) {
          return callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }), '');
        }
        if (options.all) return callback(null, usable);
        return callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: Error) => callback(error, ''),
    );
  };
  return new Agent({ connect: { lookup } });
}

/** The PrivateTargetRefused somewhere in a fetch failure's causes, if that is why it failed. */
export function refusedTarget(failure: unknown): PrivateTargetRefused | undefined {
  for (let cause = failure, depth = 0; cause && depth < 5; depth++) {
    if (cause instanceof PrivateTargetRefused) return cause;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}
