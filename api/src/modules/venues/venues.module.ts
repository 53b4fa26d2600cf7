import { Global, Module } from '@nestjs/common';
import { VenueDirectory } from './venue-directory.service.js';

/** The group's venues (PRODUCT.md §Venues): every module reads a venue's zone, hours and inbox here. */
@Global()
@Module({
  providers: [VenueDirectory],
  exports: [VenueDirectory],
})
export class VenuesModule {}
