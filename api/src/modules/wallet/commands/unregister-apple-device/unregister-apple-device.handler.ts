import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { WalletService } from '#modules/wallet/wallet.service.js';
import { UnregisterAppleDeviceCommand } from './unregister-apple-device.command.js';

@CommandHandler(UnregisterAppleDeviceCommand)
export class UnregisterAppleDeviceHandler implements ICommandHandler<UnregisterAppleDeviceCommand, void> {
  constructor(private readonly wallet: WalletService) {}

  async execute({ passTypeId, serialNumber, authorization, deviceLibraryId }: UnregisterAppleDeviceCommand): Promise<void> {
    const pass = await this.wallet.authenticate(passTypeId, serialNumber, authorization);
    await this.wallet.unregister(pass, deviceLibraryId);
  }
}
