import { Query } from '@nestjs/cqrs';

/** PassKit "Get the List of Updatable Passes": null when nothing changed since the tag. */
export class ListUpdatedApplePassesQuery extends Query<{ serialNumbers: string[]; lastUpdated: string } | null> {
  constructor(
    readonly passTypeId: string,
    readonly deviceLibraryId: string,
    readonly passesUpdatedSince: string | undefined,
  ) {
    super();
  }
}
