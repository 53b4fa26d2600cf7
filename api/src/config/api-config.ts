import { Inject } from '@nestjs/common';
import type { ApiEnv } from '@nocturne/config';

export const API_CONFIG = Symbol('API_CONFIG');
export type ApiConfig = ApiEnv;

/** Injects the parsed, validated api configuration. */
export const InjectConfig = () => Inject(API_CONFIG);
