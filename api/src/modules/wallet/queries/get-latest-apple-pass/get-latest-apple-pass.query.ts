import { Query } from '@nestjs/cqrs';

/** The pass as it is now, and when it last changed; `pass` null when unchanged since `ifModifiedSince`. */
export interface LatestApplePass {
  modified: Date;
  pass: Buffer | null;
}

/** PassKit "Send an Updated Pass", for a device proving the pass with its `ApplePass <token>` header. */
export class GetLatestApplePassQuery extends Query<LatestApplePass> {
  constructor(
    readonly passTypeId: string,
    readonly serialNumber: string,
    readonly authorization: string | undefined,
    readonly ifModifiedSince: string | undefined,
  ) {
    super();
  }
}
