export * from './platform/event-envelope';
export * from './platform/error-shape';
