import { v7 } from 'uuid';

export const newId = (): string => v7();
