export * from './platform/event-envelope';
export * from './platform/error-shape';
export * from './platform/roles';
export * from './platform/api-route';
