import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, RegisterRequest } from '@nocturne/contracts';
import { api } from '@/lib/api-client';

export const register = (payload: RegisterRequest) => api.post<AuthResponse>('/api/auth/register', payload);

export const useRegister = () => useMutation({ mutationFn: register });
