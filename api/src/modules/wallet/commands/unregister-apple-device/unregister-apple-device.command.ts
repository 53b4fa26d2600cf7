import { Command } from '@nestjs/cqrs';

/** PassKit "Unregister a Pass for Update Notifications". */
export class UnregisterAppleDeviceCommand extends Command<void> {
  constructor(
    readonly passTypeId: string,
    readonly serialNumber: string,
    readonly authorization: string | undefined,
    readonly deviceLibraryId: string,
  ) {
    super();
  }
}
