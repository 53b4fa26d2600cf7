import { Command } from '@nestjs/cqrs';

/** PassKit "Register a Pass for Update Notifications": true when the registration is new. */
export class RegisterAppleDeviceCommand extends Command<boolean> {
  constructor(
    readonly passTypeId: string,
    readonly serialNumber: string,
    readonly authorization: string | undefined,
    readonly deviceLibraryId: string,
    readonly pushToken: string,
  ) {
    super();
  }
}
