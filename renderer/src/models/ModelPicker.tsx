// The one model picker of every task: a searchable list (an ARIA combobox, keyboard first) with the task's kinds first, each model's price, context and badges, and any typed id.
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import {
  defaultModelFor,
  repairFor,
  TASK_KINDS,
  type ModelTask,
} from '../../../shared/model-defaults';
import type { ModelInfo, ModelKind } from '../../../shared/types';
import type { MessageKey } from '../i18n/en';
import { formatCount, localeOf, translateDynamic } from '../i18n/translate';
import { useLanguage, useT } from '../i18n/use-t';
import { useAppStore } from '../store';
import { ModelDetails, ModelFacts } from './ModelDetails';
import {
  activeRow,
  enterChoice,
  groupModels,
  pickerOptions,
  type PickerOption,
  type PreferredModels,
} from './model-groups';
import { usePriceBasis } from './price-words';
import './models.css';

interface ModelPickerProps {
  value: string;
  onChange(modelId: string): void;
  /** Accessible name of the combobox; "Model" unless the place needs another. */
  label?: string;
  /** Show the chosen model's id, prices, context and badges under the picker. */
  showDetails?: boolean;
  /** Models listed first under their own heading. */
  prefer?: PreferredModels;
  /** The combobox's id, for a visible <label> outside the picker. */
  selectId?: string;
  /**
   * The task the model is for: its kinds come first; an empty value takes the list's default.
   * A chat's choice the list lacks is flagged with a one-click repair; any other task's is
   * replaced by the list's default and said once (unless the person typed it on this service).
   */
  task?: ModelTask;
  /** The task's kinds, first and in this order (default: the task's own). */
  kinds?: readonly ModelKind[];
  /** Said after the chosen model's facts (e.g. what it takes). */
  hint?: string;
  /** Shown but not changeable (what is in use while it runs). */
  disabled?: boolean;
}

export function ModelPicker({
  value,
  onChange,
  label,
  showDetails = true,
  prefer,
  selectId,
  task,
  kinds,
  hint,
  disabled = false,
}: ModelPickerProps) {
  const t = useT();
  const locale = localeOf(useLanguage());
  const basis = usePriceBasis();
  const models = useAppStore((s) => s.models);
  const loading = useAppStore((s) => s.modelsLoading);
  const typed = useAppStore((s) => s.typedModels);
  const repair = useAppStore((s) => (task ? s.modelRepairs[task] : undefined));
  const rememberTyped = useAppStore((s) => s.rememberTypedModel);
  const noteRepair = useAppStore((s) => s.noteModelRepair);
  const clearRepair = useAppStore((s) => s.clearModelRepair);
  /** What is typed while the list is being searched; null shows the chosen model. */
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const ownId = useId();
  const inputId = selectId ?? `${ownId}-input`;
  const listId = `${ownId}-list`;
  const search = query ?? '';

  const taskKinds = useMemo(() => kinds ?? (task ? TASK_KINDS[task] : []), [kinds, task]);
  const groups = useMemo(
    () => groupModels(models, search, undefined, prefer, taskKinds),
    [models, search, prefer, taskKinds],
  );
  const rows = useMemo(() => pickerOptions(groups, models, search), [groups, models, search]);
  const selected = models.find((m) => m.id === value) ?? null;
  const listDefault = task ? defaultModelFor(task, models, basis) : '';
  const wasTyped = typed.includes(value);

  // An empty choice takes the list's default; a task other than chat never keeps a model the
  // list lacks (it would fail at the service), unless the person typed that id here.
  useEffect(() => {
    if (!task || disabled || loading || models.length === 0) return;
    if (value === '') {
      if (listDefault) onChange(listDefault);
      return;
    }
    if (task === 'chat' || wasTyped) return;
    const needed = repairFor(task, value, models, basis);
    if (!needed || needed.to === '') return;
    noteRepair(needed);
    onChange(needed.to);
  }, [task, disabled, loading, models, value, listDefault, wasTyped, basis, onChange, noteRepair]);

  useEffect(() => {
    if (!open || active < 0) return;
    document.getElementById(`${ownId}-row-${active}`)?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active, ownId]);

  function choose(id: string): void {
    const trimmed = id.trim();
    setQuery(null);
    setOpen(false);
    if (trimmed === '') return;
    if (!models.some((m) => m.id === trimmed)) rememberTyped(trimmed);
    if (task) clearRepair(task);
    if (trimmed !== value) onChange(trimmed);
  }

  function openAt(text: string): void {
    const nextGroups = groupModels(models, text, undefined, prefer, taskKinds);
    const nextRows = pickerOptions(nextGroups, models, text);
    setActive(activeRow(nextRows, models, text, value));
    setOpen(true);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>): void {
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!open) {
          openAt(search);
          return;
        }
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((at) => Math.min(rows.length - 1, Math.max(0, at + step)));
        return;
      }
      case 'PageDown':
      case 'PageUp': {
        if (!open) return;
        event.preventDefault();
        const step = event.key === 'PageDown' ? 8 : -8;
        setActive((at) => Math.min(rows.length - 1, Math.max(0, at + step)));
        return;
      }
      case 'Enter': {
        // Never the surrounding form's submit: Enter here chooses a model.
        event.preventDefault();
        const row = open ? rows[active] : undefined;
        if (row) choose(row.id);
        else if (query !== null) choose(enterChoice(models, query) ?? '');
        return;
      }
      case 'Escape':
        if (!open && query === null) return;
        event.preventDefault();
        event.stopPropagation();
        setQuery(null);
        setOpen(false);
        return;
    }
  }

  const shown = rows.filter((row) => row.model !== null).length;
  const choice = query !== null ? enterChoice(models, query) : null;
  const activeRowId = open && rows[active] ? `${ownId}-row-${active}` : undefined;
  const display = selected ? selected.name || selected.id : value;
  const placeholder = loading ? t('models.loading') : t('models.pickPlaceholder');

  return (
    <div className="model-picker">
      <div className="model-combo">
        <input
          id={inputId}
          type="text"
          role="combobox"
          className="input model-combo-input"
          aria-label={label ?? t('models.label')}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeRowId}
          aria-describedby={`${ownId}-meta`}
          autoComplete="off"
          disabled={disabled}
          spellCheck={false}
          data-model={value}
          title={value}
          placeholder={query === null ? placeholder : t('models.searchPlaceholder')}
          value={query ?? display}
          onFocus={(event) => event.currentTarget.select()}
          onClick={() => {
            if (!open) openAt(search);
          }}
          onChange={(event) => {
            setQuery(event.target.value);
            openAt(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setQuery(null);
            setOpen(false);
          }}
        />
        <span className="model-combo-arrow" aria-hidden="true">
          ▾
        </span>
        <div
          id={listId}
          role="listbox"
          aria-label={label ?? t('models.label')}
          className="model-list"
          hidden={!open}
        >
          {open && (
            <PickerRows
              rows={rows}
              groups={groups}
              active={active}
              value={value}
              rowId={(index) => `${ownId}-row-${index}`}
              onPick={choose}
              onHover={setActive}
            />
          )}
        </div>
      </div>
      <div className="model-picker-meta" id={`${ownId}-meta`} aria-live="polite">
        {query !== null &&
          query.trim() !== '' &&
          (shown === 0
            ? t('models.noMatch', { query })
            : t('models.count', {
                shown: formatCount(shown, locale),
                total: formatCount(models.length, locale),
              }))}
        {choice && ` · ${t('models.enterUses', { id: choice })}`}
        {models.length === 0 && !loading && query === null && t('models.none')}
      </div>
      {showDetails && selected && <ModelDetails model={selected} hint={hint} />}
      {repair && repair.to === value && (
        <p className="hint model-repaired" role="status">
          {t('models.repaired', { from: repair.from, to: selected?.name || repair.to })}
        </p>
      )}
      {value !== '' && !selected && models.length > 0 && !loading && (
        <NotListed
          task={task}
          typed={wasTyped}
          value={value}
          fallback={listDefault}
          fallbackName={models.find((m) => m.id === listDefault)?.name || listDefault}
          onRepair={() => choose(listDefault)}
        />
      )}
    </div>
  );
}

function NotListed({
  task,
  typed,
  value,
  fallback,
  fallbackName,
  onRepair,
}: {
  task: ModelTask | undefined;
  typed: boolean;
  value: string;
  fallback: string;
  fallbackName: string;
  onRepair(): void;
}) {
  const t = useT();
  if (typed || !task || fallback === '') return <p className="hint">{t('models.notListed')}</p>;
  return (
    <p className="hint model-not-listed" role="status">
      {t('models.notOnList', { id: value })}{' '}
      <button type="button" className="button model-repair-button" onClick={onRepair}>
        {t('models.useDefault', { name: fallbackName })}
      </button>
    </p>
  );
}

function PickerRows({
  rows,
  groups,
  active,
  value,
  rowId,
  onPick,
  onHover,
}: {
  rows: readonly PickerOption[];
  groups: ReturnType<typeof groupModels>;
  active: number;
  value: string;
  rowId(index: number): string;
  onPick(id: string): void;
  onHover(index: number): void;
}) {
  const t = useT();
  if (rows.length === 0) return <div className="model-list-empty">{t('models.none')}</div>;
  // Rows come grouped in order; each group gets a heading the screen reader announces with it.
  const sections: { group: number; start: number; end: number }[] = [];
  rows.forEach((row, index) => {
    const last = sections[sections.length - 1];
    if (last && last.group === row.group) last.end = index + 1;
    else sections.push({ group: row.group, start: index, end: index + 1 });
  });
  return (
    <>
      {sections.map((section) => {
        const group = groups[section.group];
        const heading =
          section.group < 0
            ? t('models.typedGroup')
            : (group?.label ??
              translateDynamic(t, `models.kind.${group?.kind ?? 'other'}` as MessageKey));
        const headingId = `${rowId(section.start)}-heading`;
        return (
          <div key={section.group} role="group" aria-labelledby={headingId}>
            <div id={headingId} className="model-list-heading" role="presentation">
              {heading}
            </div>
            {rows.slice(section.start, section.end).map((row, offset) => {
              const index = section.start + offset;
              return (
                <div
                  key={`${row.group}:${row.id}`}
                  id={rowId(index)}
                  role="option"
                  aria-selected={row.id === value}
                  className={`model-option${index === active ? ' active' : ''}`}
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => {
                    if (index !== active) onHover(index);
                  }}
                  onClick={() => onPick(row.id)}
                >
                  {row.model ? (
                    <ModelRow model={row.model} />
                  ) : (
                    <span className="model-option-name">
                      {t('models.useTyped', { id: row.id })}
                    </span>
                  )}
                </div>
              );
            })}
          </div>
        );
      })}
    </>
  );
}

function ModelRow({ model }: { model: ModelInfo }) {
  return (
    <>
      <span className="model-option-line">
        <span className="model-option-name">{model.name || model.id}</span>
        <code className="model-option-id">{model.id}</code>
      </span>
      <ModelFacts model={model} className="model-option-facts" />
    </>
  );
}
