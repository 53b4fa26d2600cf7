import { useMutation } from '@tanstack/react-query';
import type { RegisterRequest } from '@nocturne/contracts';
import * as routes from '@nocturne/contracts/routes';
import { api } from '@/lib/api-client';

const register = (payload: RegisterRequest) => api.call(routes.register, { body: payload });

export const useRegister = () => useMutation({ mutationFn: register });
