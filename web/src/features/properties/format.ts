import { officialCar } from '@agroselo/contracts';

/** A CAR in its official shape when it is one, else as stored. */
export const formatCar = (car: string): string => officialCar(car) ?? car;

export function propertyCountLabel(total: number, search: string): string {
  const noun = total === 1 ? 'propriedade' : 'propriedades';
  if (!search) return `${total} ${noun}`;
  return `${total} ${noun} ${total === 1 ? 'encontrada' : 'encontradas'} para "${search}"`;
}
