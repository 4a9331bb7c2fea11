import { Fragment } from 'react'
import { answerField, first } from '../lib/checkout-form'
import type { CheckoutPageOutput, FormValues } from '../props'
import { FieldError, fieldId } from './field'
import { useTexts } from '../i18n/texts-context'

type Question = CheckoutPageOutput['questions'][number]
type Option = Question['options'][number]

/** Options in their groups (option.group), ungrouped ones first. */
function grouped(options: Option[]): [string | null, Option[]][] {
  const groups = new Map<string | null, Option[]>()
  for (const o of options) {
    const key = o.group ?? null
    groups.set(key, [...(groups.get(key) ?? []), o])
  }
  return [...groups.entries()]
}

function Required({ on }: { on: boolean }) {
  return on ? <span className="sf-required" aria-hidden="true"> *</span> : null
}

function QuestionField({ q, values, error }: { q: Question; values: FormValues; error?: string }) {
  const { t: { checkout: { questions: t } } } = useTexts()
  const name = answerField(q.id)
  const id = fieldId(name)
  const chosen = values[name] ?? []
  if (q.type === 'checkbox') {
    return (
      <div className="sf-field sf-field--check">
        <label><input type="checkbox" name={name} value="true" defaultChecked={chosen.includes('true')} required={q.required} /> {q.label}<Required on={q.required} /></label>
        <FieldError name={name} error={error} />
      </div>
    )
  }
  if (q.type === 'open_question') {
    return (
      <div className="sf-field">
        <label htmlFor={id}>{q.label}<Required on={q.required} /></label>
        <textarea id={id} name={name} defaultValue={first(values, name)} required={q.required} maxLength={2000} rows={3} />
        <FieldError name={name} error={error} />
      </div>
    )
  }
  // select_box and service (a choice among the seller's services): a drop-down, or a list of radios or
  // checkboxes (docs/reference/readings.md 9)
  const many = q.option_group === 'checkboxes'
  if (q.select_style !== 'list') {
    return (
      <div className="sf-field">
        <label htmlFor={id}>{q.label}<Required on={q.required} /></label>
        <select id={id} name={name} multiple={many} required={q.required} defaultValue={many ? chosen : (chosen[0] ?? '')}>
          {!many && <option value="">{t.choose}</option>}
          {grouped(q.options).map(([group, options]) => {
            const items = options.map((o) => <option key={o.id} value={o.id}>{o.label}</option>)
            return group ? <optgroup key={group} label={group}>{items}</optgroup> : <Fragment key="">{items}</Fragment>
          })}
        </select>
        <FieldError name={name} error={error} />
      </div>
    )
  }
  return (
    <fieldset className="sf-field sf-choices">
      <legend>{q.label}<Required on={q.required} /></legend>
      {grouped(q.options).map(([group, options]) => (
        <div key={group ?? ''} className="sf-choices__group">
          {group && <p className="sf-choices__title">{group}</p>}
          {options.map((o) => (
            <label key={o.id}>
              <input type={many ? 'checkbox' : 'radio'} name={name} value={o.id} defaultChecked={chosen.includes(o.id)} required={q.required && !many} /> {o.label}
            </label>
          ))}
        </div>
      ))}
      <FieldError name={name} error={error} />
    </fieldset>
  )
}

/** The seller's custom checkout questions. */
export function Questions({ questions, values, errors }: { questions: Question[]; values: FormValues; errors: Record<string, string> }) {
  const { t: { checkout: { questions: t } } } = useTexts()
  if (questions.length === 0) return null
  return (
    <fieldset className="sf-fieldset" data-testid="questions">
      <legend>{t.legend}</legend>
      {questions.map((q, i) => <QuestionField key={q.id} q={q} values={values} error={errors[answerField(q.id)] ?? errors[`answers.${i}.value`] ?? errors[`answers.${i}`]} />)}
    </fieldset>
  )
}
