// GET /health (GoTrue's health check).
import type { Endpoint } from '../context.ts';
import { send } from '../request.ts';

export const health: Endpoint = async (_ctx, request) => {
  send(request, 200, {
    version: 'embedded',
    name: 'GoTrue',
    description: 'GoTrue is a user registration and authentication API',
  });
};
