import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Tooltip } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import {
  CONTENT_LIMITS,
  canAddItem,
  charLength,
  contentItemProblem,
  contentListProblem,
  itemActions,
  moveTarget,
} from './content-items';

/** Form.List rules are validators only. */
const listRule = {
  validator: async (_rule: unknown, items: unknown[] | undefined) => {
    const problem = contentListProblem(items);
    if (problem) throw new Error(problem);
  },
};

/** At most 500 characters as the server counts them; the counter shows once an item gets long. */
const itemCount = {
  max: CONTENT_LIMITS.maxLength,
  strategy: charLength,
  show: ({ count, maxLength }: { count: number; maxLength?: number }) =>
    count > CONTENT_LIMITS.maxLength - 100 ? `${count} / ${maxLength}` : null,
  exceedFormatter: (text: string, { max }: { max: number }) => [...text].slice(0, max).join(''),
};

const itemRule: Rule = {
  validator: async (_rule, value: unknown) => {
    const problem = contentItemProblem(value);
    if (problem) throw new Error(problem);
  },
};

/**
 * The ordered content items of an order template, as a form list under `name`: each item a text of
 * up to 500 characters, moved up or down, removed (one always stays) or inserted below; an item
 * added at the end. Problems show under their item (`content.1`) or under the list.
 */
export function ContentItemsEditor({ name = 'content', label }: { name?: string; label: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={label} required className="gc-content-items-field">
      <Form.List name={name} rules={[listRule]}>
        {(fields, { add, remove, move }, { errors }) => (
          <div className="gc-content-items" data-testid="content-items">
            <ol className="gc-content-list">
              {fields.map((field, index) => {
                const actions = itemActions(index, fields.length);
                const up = moveTarget(index, 'up', fields.length);
                const down = moveTarget(index, 'down', fields.length);
                return (
                  <li key={field.key} className="gc-content-item" data-testid="content-item">
                    <span className="gc-content-index" aria-hidden>
                      {index + 1}
                    </span>
                    <Form.Item
                      name={field.name}
                      rules={[itemRule]}
                      validateTrigger={['onChange', 'onBlur']}
                      className="gc-content-input"
                    >
                      <Input.TextArea
                        autoSize={{ minRows: 1, maxRows: 6 }}
                        count={itemCount}
                        placeholder={t('template.itemPlaceholder', { index: index + 1 })}
                        aria-label={t('template.itemLabel', { index: index + 1 })}
                        data-testid="content-item-input"
                      />
                    </Form.Item>
                    <span className="gc-content-actions">
                      <Tooltip title={t('template.moveUp')}>
                        <Button
                          type="text"
                          size="small"
                          icon={<ArrowUpOutlined />}
                          aria-label={t('template.moveUp')}
                          disabled={up === null}
                          data-testid="content-item-up"
                          onClick={() => up !== null && move(index, up)}
                        />
                      </Tooltip>
                      <Tooltip title={t('template.moveDown')}>
                        <Button
                          type="text"
                          size="small"
                          icon={<ArrowDownOutlined />}
                          aria-label={t('template.moveDown')}
                          disabled={down === null}
                          data-testid="content-item-down"
                          onClick={() => down !== null && move(index, down)}
                        />
                      </Tooltip>
                      <Tooltip title={t('template.insertBelow')}>
                        <Button
                          type="text"
                          size="small"
                          icon={<PlusOutlined />}
                          aria-label={t('template.insertBelow')}
                          disabled={!actions.canInsert}
                          data-testid="content-item-insert"
                          onClick={() => add('', index + 1)}
                        />
                      </Tooltip>
                      <Tooltip title={t('template.removeItem')}>
                        <Button
                          type="text"
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('template.removeItem')}
                          disabled={!actions.canRemove}
                          data-testid="content-item-remove"
                          onClick={() => remove(index)}
                        />
                      </Tooltip>
                    </span>
                  </li>
                );
              })}
            </ol>
            <Form.ErrorList errors={errors} />
            <Button
              type="dashed"
              block
              icon={<PlusOutlined />}
              disabled={!canAddItem(fields.length)}
              data-testid="content-item-add"
              onClick={() => add('')}
            >
              {t('template.addItem', { count: fields.length, max: CONTENT_LIMITS.maxItems })}
            </Button>
          </div>
        )}
      </Form.List>
    </Form.Item>
  );
}
