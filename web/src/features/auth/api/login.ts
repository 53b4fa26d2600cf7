import { useMutation } from '@tanstack/react-query';
import type { AuthResponse, LoginRequest } from '@nocturne/contracts';
import { api } from '@/lib/api-client';

export const login = (payload: LoginRequest) => api.post<AuthResponse>('/api/auth/login', payload);

export const useLogin = () => useMutation({ mutationFn: login });
