import type { Role, UserSortKey, UserStatusFilter } from '@agroselo/contracts';
import type { QueryParams } from '../../api';
import {
  choiceField,
  sortParam,
  type TableView,
  type ViewChange,
  type ViewSpec,
} from '../../components/table/table-address';

/** The Usuários table's view in the address: `?papel=tecnico&situacao=inativos&ordem=-cadastro`. */
const ROLE_WORDS: Record<Role, string> = {
  user: 'usuario',
  owner: 'produtor',
  technician: 'tecnico',
  admin: 'administrador',
  staff: 'interno',
};
const STATUS_WORDS: Record<UserStatusFilter, string> = { active: 'ativos', inactive: 'inativos' };
export const STATUS_OPTIONS: { value: UserStatusFilter; label: string }[] = [
  { value: 'active', label: 'Ativos' },
  { value: 'inactive', label: 'Inativos' },
];

interface Filters {
  role: Role | null;
  status: UserStatusFilter | null;
}

export type UserView = TableView<Filters, UserSortKey>;
export type UserViewChange = ViewChange<Filters, UserSortKey>;

export const USER_VIEW: ViewSpec<Filters, UserSortKey> = {
  fields: { role: choiceField('papel', ROLE_WORDS), status: choiceField('situacao', STATUS_WORDS) },
  sortWords: {
    name: 'nome',
    email: 'email',
    role: 'papel',
    status: 'situacao',
    created_at: 'cadastro',
  },
  defaultSort: { key: 'name', descending: false },
};

/** The API's filters of a view (also what 'Exportar' sends, so the file is the view). */
export const userApiFilters = (view: UserView): QueryParams => ({
  role: view.role ?? undefined,
  status: view.status ?? undefined,
  sort: sortParam(view.sort),
});
