import { useMutation } from '@tanstack/react-query';
import type { LoginRequest } from '@nocturne/contracts';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';

export const login = (payload: LoginRequest) => api.call(routes.signIn, { body: payload });

export const useLogin = () => useMutation({ mutationFn: login });
