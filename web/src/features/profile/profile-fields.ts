import type { ComponentType } from 'react';
import {
  IconAt,
  IconCertificate,
  IconId,
  IconPhone,
  IconUser,
  IconUserSquare,
  type IconProps,
} from '@tabler/icons-react';
import type { UpdateSelfBody } from '@agroselo/contracts';
import type { SessionUser } from '../../session';
import {
  CPF_MASK,
  CREA_MASK,
  PHONE_MASK,
  formatCpf,
  formatCrea,
  formatPhone,
} from '../../lib/masks';
import type { MaskPattern } from '../../lib/masks';

export type ProfileFieldKey = keyof UpdateSelfBody;

export interface ProfileField {
  /** The wire name PUT /api/auth/update takes. */
  key: ProfileFieldKey;
  label: string;
  /** How spec §8 names the field in 'Erro ao atualizar o {name}: …'. */
  errorName: string;
  icon: ComponentType<IconProps>;
  read: (user: SessionUser) => string | null;
  format?: (value: string) => string;
  mask?: MaskPattern;
  type?: 'email' | 'tel' | 'text';
  autoComplete?: string;
  placeholder?: string;
  saved: string;
}

const email: ProfileField = {
  key: 'email',
  label: 'E-mail',
  errorName: 'email',
  icon: IconAt,
  read: (user) => user.email,
  type: 'email',
  autoComplete: 'email',
  placeholder: 'seu@email.com',
  saved: 'E-mail alterado',
};

const firstName: ProfileField = {
  key: 'first_name',
  label: 'Nome',
  errorName: 'nome',
  icon: IconUser,
  read: (user) => user.firstName,
  autoComplete: 'given-name',
  saved: 'Nome atualizado com sucesso!',
};

const lastName: ProfileField = {
  key: 'last_name',
  label: 'Sobrenome',
  errorName: 'sobrenome',
  icon: IconUserSquare,
  read: (user) => user.lastName,
  autoComplete: 'family-name',
  saved: 'Sobrenome atualizado com sucesso!',
};

const cpf: ProfileField = {
  key: 'cpf',
  label: 'CPF',
  errorName: 'cpf',
  icon: IconId,
  read: (user) => user.cpf,
  format: formatCpf,
  mask: CPF_MASK,
  placeholder: '000.000.000-00',
  saved: 'CPF atualizado com sucesso!',
};

const phone: ProfileField = {
  key: 'phone',
  label: 'Telefone',
  errorName: 'telefone',
  icon: IconPhone,
  read: (user) => user.phone,
  format: formatPhone,
  mask: PHONE_MASK,
  type: 'tel',
  autoComplete: 'tel-national',
  placeholder: '(00) 00000-0000',
  saved: 'Telefone atualizado com sucesso!',
};

const crea: ProfileField = {
  key: 'crea',
  label: 'CREA',
  // The old product reused 'telefone' here; the field's own name is what the user expects.
  errorName: 'CREA',
  icon: IconCertificate,
  read: (user) => user.crea,
  format: formatCrea,
  mask: CREA_MASK,
  placeholder: '00.000-00',
  saved: 'CREA atualizado com sucesso!',
};

/** The cards of the profile by role (spec §2): CREA only for technicians that have one. */
export function profileFieldsFor(user: SessionUser): ProfileField[] {
  const fields = [email, firstName, lastName, cpf, phone];
  if (user.role === 'technician' && user.crea) fields.push(crea);
  return fields;
}

export const displayValue = (field: ProfileField, user: SessionUser): string => {
  const value = field.read(user) ?? '';
  return field.format ? field.format(value) : value;
};
