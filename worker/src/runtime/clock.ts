import { Inject } from '@nestjs/common';

/** The current instant, injected so tests can run the nightly expiry on the night they choose. */
export type Clock = () => Date;
export const CLOCK = Symbol('CLOCK');
export const InjectClock = () => Inject(CLOCK);
export const systemClock: Clock = () => new Date();
