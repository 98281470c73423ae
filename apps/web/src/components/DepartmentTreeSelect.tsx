import { useQuery } from '@tanstack/react-query';
import { TreeSelect } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type DepartmentNode,
  departmentLabel,
  fetchAllDepartmentTree,
  fetchDepartmentTree,
  fetchUsingDepartmentTree,
} from '../api/admin';
import { currentLang } from '../i18n';
import { flattenTree } from './tree';

/**
 * Which departments a picker offers: `scope` the enabled ones in the caller's scope (filters,
 * clinical screens), `using` every enabled one (parents, scope assignment), `all` enabled or stopped.
 */
export type DepartmentSource = 'scope' | 'using' | 'all';

export const departmentKeys = {
  all: ['departments'] as const,
  tree: (source: DepartmentSource) => ['departments', source] as const,
};

const loaders: Record<DepartmentSource, (signal?: AbortSignal) => Promise<DepartmentNode[]>> = {
  scope: fetchDepartmentTree,
  using: fetchUsingDepartmentTree,
  all: fetchAllDepartmentTree,
};

/** A department tree, cached per source; invalidate `departmentKeys.all` after changes. */
export function useDepartmentTree(source: DepartmentSource, enabled = true) {
  return useQuery({
    queryKey: departmentKeys.tree(source),
    queryFn: ({ signal }) => loaders[source](signal),
    enabled,
    staleTime: 60_000,
  });
}

interface TreeOption {
  value: string | number;
  title: ReactNode;
  label: string;
  disabled?: boolean;
  children?: TreeOption[];
}

type ValueField = 'code' | 'id';

function toOptions(
  nodes: readonly DepartmentNode[],
  valueField: ValueField,
  lang: ReturnType<typeof currentLang>,
  disabled?: (node: DepartmentNode) => boolean,
): TreeOption[] {
  return nodes.map((node) => {
    const label = departmentLabel(node, lang);
    return {
      value: node[valueField],
      label,
      title: label,
      disabled: disabled?.(node) ?? false,
      children: node.children?.length ? toOptions(node.children, valueField, lang, disabled) : undefined,
    };
  });
}

interface CommonProps {
  id?: string;
  source?: DepartmentSource;
  placeholder?: string;
  allowClear?: boolean;
  disabled?: boolean;
  style?: CSSProperties;
  /** departments that may not be chosen (e.g. a department and its descendants as its own parent) */
  isDisabled?: (node: DepartmentNode) => boolean;
  'data-testid'?: string;
}

export type SingleDepartmentSelectProps = CommonProps & {
  multiple?: false;
  /** the department's `code` (default) or `id` */
  valueField?: ValueField;
  value?: string | number | null;
  onChange?: (value: string | number | null) => void;
};

export type MultiDepartmentSelectProps = CommonProps & {
  multiple: true;
  valueField?: 'code';
  /** department codes; every department is checked on its own (no parent-child linkage) */
  value?: string[] | null;
  onChange?: (value: string[]) => void;
};

/**
 * Department picker over the department tree, searchable by name or code. Single (by code or id),
 * or with checkboxes (codes). Works as an antd form control (id, value, onChange).
 */
export function DepartmentTreeSelect(props: SingleDepartmentSelectProps | MultiDepartmentSelectProps) {
  const { t } = useTranslation();
  const lang = currentLang();
  const source = props.source ?? 'scope';
  const valueField: ValueField = props.valueField ?? 'code';
  const query = useDepartmentTree(source);
  const { isDisabled } = props;
  const treeData = useMemo(
    () => toOptions(query.data ?? [], valueField, lang, isDisabled),
    [query.data, valueField, lang, isDisabled],
  );
  const labels = useMemo(() => {
    const map = new Map<string | number, string>();
    for (const node of flattenTree(query.data ?? [])) map.set(node[valueField], departmentLabel(node, lang));
    return map;
  }, [query.data, valueField, lang]);

  const common = {
    id: props.id,
    'data-testid': props['data-testid'],
    treeData,
    loading: query.isLoading,
    disabled: props.disabled,
    allowClear: props.allowClear ?? true,
    placeholder: props.placeholder ?? t('department.pick'),
    style: { width: '100%', ...props.style },
    showSearch: true,
    treeNodeFilterProp: 'label',
    treeDefaultExpandAll: true,
    popupMatchSelectWidth: false,
    styles: { popup: { root: { maxHeight: 400, overflow: 'auto', minWidth: 240 } } },
    notFoundContent: query.isError ? t('department.loadFailed') : undefined,
  };

  if (props.multiple) {
    const value = (props.value ?? []).map((code) => ({ value: code, label: labels.get(code) ?? code }));
    return (
      <TreeSelect<{ value: string; label: string }[]>
        {...common}
        treeCheckable
        treeCheckStrictly
        showCheckedStrategy={TreeSelect.SHOW_ALL}
        maxTagCount="responsive"
        value={value}
        onChange={(items) => props.onChange?.((items ?? []).map((item) => String(item.value)))}
      />
    );
  }
  return (
    <TreeSelect<string | number | null>
      {...common}
      value={props.value ?? undefined}
      onChange={(value) => props.onChange?.(value ?? null)}
    />
  );
}
