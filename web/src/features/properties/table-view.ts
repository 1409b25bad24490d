import { REGION_LABELS, type PropertySortKey, type Region } from '@agroselo/contracts';
import type { QueryParams } from '../../api';
import {
  labelField,
  sortParam,
  textField,
  type TableView,
  type ViewChange,
  type ViewSpec,
} from '../../components/table/table-address';

interface Filters {
  region: Region | null;
  municipality: string;
}

export type PropertyView = TableView<Filters, PropertySortKey>;
export type PropertyViewChange = ViewChange<Filters, PropertySortKey>;

/** The property table's view in the address: `?regiao=Campanha&municipio=Bagé&ordem=-pedidos`. */
export const PROPERTY_VIEW: ViewSpec<Filters, PropertySortKey> = {
  fields: { region: labelField('regiao', REGION_LABELS), municipality: textField('municipio') },
  sortWords: {
    business_name: 'nome',
    cnpj: 'cnpj',
    municipality: 'municipio',
    region: 'regiao',
    responsible_name: 'responsavel',
    requests: 'pedidos',
    created_at: 'cadastro',
  },
  defaultSort: { key: 'business_name', descending: false },
};

/** The API's filters of a view (also what 'Exportar' sends, so the file is the view). */
export const propertyApiFilters = (view: PropertyView): QueryParams => ({
  region: view.region ?? undefined,
  municipality: view.municipality.trim() || undefined,
  sort: sortParam(view.sort),
});
