import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { WalletService } from '#modules/wallet/wallet.service.js';
import { RegisterAppleDeviceCommand } from './register-apple-device.command.js';

@CommandHandler(RegisterAppleDeviceCommand)
export class RegisterAppleDeviceHandler implements ICommandHandler<RegisterAppleDeviceCommand, boolean> {
  constructor(private readonly wallet: WalletService) {}

  async execute({
    passTypeId,
    serialNumber,
    authorization,
    deviceLibraryId,
    pushToken,
  }: RegisterAppleDeviceCommand): Promise<boolean> {
    const pass = await this.wallet.authenticate(passTypeId, serialNumber, authorization);
    return this.wallet.register(pass, deviceLibraryId, pushToken);
  }
}
