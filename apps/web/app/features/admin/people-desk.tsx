import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Image } from '@nomsan/contracts/catalog';
import { mn } from '@nomsan/contracts/messages';
import {
  deskCategoryCreate,
  deskPersonUpdate,
  deskPublisherUpdate,
  type DeskCategoryRow,
  type DeskPersonDetail,
  type DeskPersonRow,
  type DeskPublisherDetail,
  type DeskPublisherRow,
} from '@nomsan/contracts/people-desk';
import { peopleDeskEndpoints as endpoints } from '@nomsan/contracts/people-desk.endpoints';
import { toast } from '~/lib/toasts';
import { TextField } from '~/ui/form';
import { FormAlert } from '~/ui/retry-notice';
import { adminApi } from './admin-api';
import { OrderedList } from './collections';
import { CoverThumb, DeskFilters, DeskTable, type DeskFilter, type DeskList } from './desk-table';
import { useStaffForm } from './form';
import { FilePicker, Refusal, UploadProgress, useResumableUpload } from './resumable-upload';
import { Panel, Submit, TextAreaField, adminButton, type Column } from './ui';

/**
 * The people, publishers and categories desk (docs/catalog-desk.md, "People, publishers and
 * categories"): the lists of people and publishers by name (a page at a time), a person's or a
 * publisher's form and picture, and the categories in their order.
 */

const tp = mn.admin.people;
const tb = mn.admin.publishers;
const tc = mn.admin.categories;

// ---------------------------------------------------------------------------------------------
// The lists

type NameFilterKey = 'q';
/** `/admin/people` and `/admin/publishers`: the start of a name or an id, kept in the URL */
export const PEOPLE_LIST: DeskList<NameFilterKey> = { path: '/admin/people', keys: ['q'] };
export const PUBLISHER_LIST: DeskList<NameFilterKey> = { path: '/admin/publishers', keys: ['q'] };

export function NameFilters({
  list,
  filter,
  errors,
}: {
  list: DeskList<NameFilterKey>;
  filter: DeskFilter<NameFilterKey>;
  errors: Record<string, string>;
}) {
  return <DeskFilters list={list} filter={filter} errors={errors} selects={[]} />;
}

/** a square picture as small as a row; its placeholder when there is none */
const PLACEHOLDER: Image = { color: '#e5e7eb', width: 1, height: 1, sm: '', md: '', lg: '' };

function nameColumn<R extends { id: number; name: string }>(
  header: string,
  path: (row: R) => string,
  picture: (row: R) => Image | null,
  about: (row: R) => string,
): Column<R> {
  return {
    id: 'name',
    header,
    bare: true,
    cell: (row) => (
      <Link to={path(row)} className="group flex min-w-0 items-center gap-3">
        <CoverThumb image={picture(row) ?? PLACEHOLDER} className="w-10" />
        <span className="min-w-0">
          <span className="block font-semibold [overflow-wrap:anywhere] group-hover:text-brand">{row.name}</span>
          <span className="block text-xs text-muted [overflow-wrap:anywhere]">
            {about(row)}
            <span className="ml-1.5 font-mono">#{row.id}</span>
          </span>
        </span>
      </Link>
    ),
  };
}

/** A page of people: photo and name (to their page), the slug of their public page, how many titles they are on. */
export function PeopleTable({ rows }: { rows: readonly DeskPersonRow[] }) {
  const columns: Column<DeskPersonRow>[] = [
    nameColumn(
      tp.person,
      (row) => `/admin/people/${row.id}`,
      (row) => row.photo,
      (row) => row.slug,
    ),
    {
      id: 'titles',
      header: tp.titles,
      className: 'md:w-40 tabular-nums',
      cell: (row) => tp.titlesCount(row.titles_count),
    },
  ];
  return <DeskTable label={tp.list} columns={columns} rows={rows} empty={tp.empty} />;
}

export function PublisherTable({ rows }: { rows: readonly DeskPublisherRow[] }) {
  const columns: Column<DeskPublisherRow>[] = [
    nameColumn(
      tb.publisher,
      (row) => `/admin/publishers/${row.id}`,
      (row) => row.logo,
      (row) => row.slug,
    ),
    {
      id: 'books',
      header: tb.booksHeader,
      className: 'md:w-40 tabular-nums',
      cell: (row) => tb.books(row.books_count),
    },
  ];
  return <DeskTable label={tb.list} columns={columns} rows={rows} empty={tb.empty} />;
}

// ---------------------------------------------------------------------------------------------
// A person's or a publisher's page

/**
 * The name and the text (a biography, a description): only the fields changed are sent, so the
 * audit entry shows the change; the answer is handed on.
 */
function NameTextForm<K extends 'bio' | 'description', T>({
  label,
  textKey,
  initial,
  schema,
  said,
  save,
  onSaved,
}: {
  label: { details: string; name: string; nameHint: string; text: string; textHint: string; save: string };
  textKey: K;
  initial: { name: string } & Record<K, string>;
  schema: typeof deskPersonUpdate | typeof deskPublisherUpdate;
  said: string;
  save: (patch: Partial<{ name: string } & Record<K, string>>) => Promise<T>;
  onSaved: (saved: T) => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState({ name: initial.name, text: initial[textKey] });
  const form = useStaffForm(schema, ['name', textKey]);
  const set = (key: 'name' | 'text', field: string) => (event: { target: { value: string } }) => {
    setDraft((previous) => ({ ...previous, [key]: event.target.value }));
    form.clear(field);
  };
  const patch = {
    ...(draft.name.trim() !== initial.name ? { name: draft.name } : {}),
    ...(draft.text.trim() !== initial[textKey] ? { [textKey]: draft.text } : {}),
  };
  const send = () => {
    if (Object.keys(patch).length === 0) {
      toast.info(mn.catalogDesk.nothingToChange);
      return;
    }
    return form.submit(formRef.current, patch, async () => {
      const saved = await save(patch as Partial<{ name: string } & Record<K, string>>);
      toast.success(said);
      onSaved(saved);
    });
  };
  return (
    <form
      ref={formRef}
      noValidate
      aria-label={label.details}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      className="space-y-5"
    >
      <FormAlert message={form.message} wait={form.wait} onWaitEnd={form.endWait} />
      <Panel title={label.details}>
        <div className="space-y-4">
          <TextField
            label={label.name}
            hint={label.nameHint}
            name="name"
            autoComplete="off"
            maxLength={200}
            value={draft.name}
            error={form.error('name')}
            onChange={set('name', 'name')}
          />
          <TextAreaField
            label={label.text}
            hint={label.textHint}
            name={textKey}
            rows={6}
            maxLength={5000}
            value={draft.text}
            error={form.error(textKey)}
            onChange={set('text', textKey)}
          />
        </div>
      </Panel>
      <div className="flex justify-end">
        <Submit pending={form.pending} waiting={form.wait !== null} className="max-sm:w-full">
          {label.save}
        </Submit>
      </div>
    </form>
  );
}

export function PersonForm({
  person,
  onSaved,
}: {
  person: DeskPersonDetail;
  onSaved: (person: DeskPersonDetail) => void;
}) {
  return (
    <NameTextForm
      label={{
        details: tp.details,
        name: tp.nameLabel,
        nameHint: tp.nameHint,
        text: tp.bio,
        textHint: tp.bioHint,
        save: tp.save,
      }}
      textKey="bio"
      initial={{ name: person.name, bio: person.bio }}
      schema={deskPersonUpdate}
      said={tp.saved}
      save={async (body) => (await adminApi().call(endpoints.updatePerson, { params: { id: person.id }, body })).data}
      onSaved={onSaved}
    />
  );
}

export function PublisherForm({
  publisher,
  onSaved,
}: {
  publisher: DeskPublisherDetail;
  onSaved: (publisher: DeskPublisherDetail) => void;
}) {
  return (
    <NameTextForm
      label={{
        details: tb.details,
        name: tb.nameLabel,
        nameHint: tb.nameHint,
        text: tb.description,
        textHint: tb.descriptionHint,
        save: tb.save,
      }}
      textKey="description"
      initial={{ name: publisher.name, description: publisher.description }}
      schema={deskPublisherUpdate}
      said={tb.saved}
      save={async (body) =>
        (await adminApi().call(endpoints.updatePublisher, { params: { id: publisher.id }, body })).data
      }
      onSaved={onSaved}
    />
  );
}

/** A square picture (a photo, a logo), sent resumably and cut by the media intake. */
function PicturePanel({
  title,
  lead,
  alt,
  done,
  image,
  send,
}: {
  title: string;
  lead: string;
  alt: string;
  done: string;
  image: Image | null;
  send: (uploadId: string) => Promise<void>;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  const upload = useResumableUpload('cover', async (id) => {
    await send(id);
    toast.success(done);
  });
  useEffect(() => (preview ? () => URL.revokeObjectURL(preview) : undefined), [preview]);
  const shown = upload.sending && preview ? preview : image?.md || null;
  return (
    <Panel title={title} lead={lead}>
      <div className="flex gap-4">
        <div
          className="aspect-square w-24 shrink-0 overflow-hidden rounded-full ring-1 ring-line"
          style={{ backgroundColor: image?.color ?? PLACEHOLDER.color }}
        >
          {shown ? <img src={shown} alt={alt} className="size-full object-cover" /> : null}
        </div>
        <div className="min-w-0 flex-1 space-y-3">
          {upload.sending ? (
            <UploadProgress
              sending={upload.sending}
              pausable={false}
              onPause={upload.pause}
              onResume={upload.resume}
              onCancel={upload.cancel}
            />
          ) : (
            <FilePicker
              label={mn.admin.files.chooseCover}
              accept="image/jpeg,image/png,image/webp"
              onFiles={([file]) => {
                setPreview(URL.createObjectURL(file!));
                upload.start(file!);
              }}
            />
          )}
          {upload.refusal ? <Refusal refusal={upload.refusal} /> : null}
        </div>
      </div>
    </Panel>
  );
}

export function PersonPhotoPanel({
  person,
  onChanged,
}: {
  person: DeskPersonDetail;
  onChanged: (person: DeskPersonDetail) => void;
}) {
  return (
    <PicturePanel
      title={tp.photoTitle}
      lead={tp.photoLead}
      alt={tp.photoAlt(person.name)}
      done={tp.photoDone}
      image={person.photo}
      send={async (uploadId) =>
        onChanged(
          (await adminApi().call(endpoints.personPhoto, { params: { id: person.id }, body: { upload_id: uploadId } }))
            .data,
        )
      }
    />
  );
}

export function PublisherLogoPanel({
  publisher,
  onChanged,
}: {
  publisher: DeskPublisherDetail;
  onChanged: (publisher: DeskPublisherDetail) => void;
}) {
  return (
    <PicturePanel
      title={tb.logoTitle}
      lead={tb.logoLead}
      alt={tb.logoAlt(publisher.name)}
      done={tb.logoDone}
      image={publisher.logo}
      send={async (uploadId) =>
        onChanged(
          (
            await adminApi().call(endpoints.publisherLogo, {
              params: { id: publisher.id },
              body: { upload_id: uploadId },
            })
          ).data,
        )
      }
    />
  );
}

// ---------------------------------------------------------------------------------------------
// /admin/categories

/** A category's new title, in place of its row's name until saved or cancelled. */
function RenameForm({
  category,
  onDone,
}: {
  category: DeskCategoryRow;
  onDone: (rows: DeskCategoryRow[] | null) => void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [title, setTitle] = useState(category.title);
  const form = useStaffForm(deskCategoryCreate, ['title']);
  // the row's button opened this form to type in it
  useEffect(() => {
    formRef.current?.querySelector('input')?.focus();
  }, []);
  const send = () =>
    form.submit(formRef.current, { title }, async (body) => {
      if (body.title === category.title) return onDone(null);
      const rows = (await adminApi().call(endpoints.updateCategory, { params: { id: category.id }, body })).data;
      toast.success(tc.renamed(body.title));
      onDone(rows);
    });
  return (
    <form
      ref={formRef}
      noValidate
      aria-label={tc.rename(category.title)}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      className="space-y-2"
    >
      {form.message ? (
        <p role="alert" className="text-sm text-red-700">
          {form.message}
        </p>
      ) : null}
      <TextField
        label={tc.renameLabel(category.title)}
        name="title"
        autoComplete="off"
        maxLength={120}
        value={title}
        error={form.error('title')}
        onChange={(event) => {
          setTitle(event.target.value);
          form.clear('title');
        }}
      />
      <div className="flex gap-2">
        <Submit pending={form.pending} waiting={form.wait !== null}>
          {tc.renameSave}
        </Submit>
        <button type="button" className={adminButton('secondary')} onClick={() => onDone(null)}>
          {tc.renameCancel}
        </button>
      </div>
    </form>
  );
}

/** The categories in the store's order: moved up and down (the whole order sent), each renamed in place. */
export function CategoriesPanel({ categories, onStale }: { categories: DeskCategoryRow[]; onStale: () => void }) {
  const [rows, setRows] = useState(categories);
  const [loaded, setLoaded] = useState(categories);
  const [renaming, setRenaming] = useState<number | null>(null);
  const renameButtons = useRef(new Map<number, HTMLButtonElement>());
  if (loaded !== categories) {
    setLoaded(categories);
    setRows(categories);
  }
  return (
    <Panel title={tc.list} lead={tc.lead} flush>
      <OrderedList
        label={tc.list}
        items={rows}
        keyOf={(category) => String(category.id)}
        nameOf={(category) => category.title}
        empty={tc.empty}
        onMove={async (order) => {
          try {
            setRows((await adminApi().call(endpoints.orderCategories, { body: { ids: order.map((c) => c.id) } })).data);
          } catch (caught) {
            onStale();
            throw caught;
          }
        }}
        render={(category) =>
          renaming === category.id ? (
            <RenameForm
              category={category}
              onDone={(next) => {
                if (next) setRows(next);
                setRenaming(null);
                // back to the row's own button
                requestAnimationFrame(() => renameButtons.current.get(category.id)?.focus());
              }}
            />
          ) : (
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <button
                type="button"
                ref={(element) => {
                  if (element) renameButtons.current.set(category.id, element);
                  else renameButtons.current.delete(category.id);
                }}
                title={tc.rename(category.title)}
                aria-label={tc.rename(category.title)}
                onClick={() => setRenaming(category.id)}
                className="text-left font-semibold [overflow-wrap:anywhere] text-ink underline decoration-line underline-offset-4 hover:text-brand"
              >
                {category.title}
              </button>
              <span className="text-xs text-muted">{tc.counts(category.books_count, category.summaries_count)}</span>
              <a
                href={category.url}
                target="_blank"
                rel="noopener"
                aria-label={tc.publicPage(category.title)}
                className="font-mono text-xs text-muted hover:text-brand"
              >
                {category.url}
              </a>
            </div>
          )
        }
      />
      <NewCategory onMade={(next) => setRows(next)} />
    </Panel>
  );
}

/** A new category, last in the order (its slug made from its title). */
function NewCategory({ onMade }: { onMade: (rows: DeskCategoryRow[]) => void }) {
  const formRef = useRef<HTMLFormElement>(null);
  const [title, setTitle] = useState('');
  const form = useStaffForm(deskCategoryCreate, ['title']);
  const send = () =>
    form.submit(formRef.current, { title }, async (body) => {
      const rows = (await adminApi().call(endpoints.createCategory, { body })).data;
      toast.success(tc.created(body.title));
      setTitle('');
      onMade(rows);
    });
  return (
    <form
      ref={formRef}
      noValidate
      aria-label={tc.newCategory}
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
      className="space-y-3 border-t border-line p-4 sm:p-5"
    >
      <FormAlert message={form.message} wait={form.wait} onWaitEnd={form.endWait} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          label={tc.titleLabel}
          name="title"
          autoComplete="off"
          maxLength={120}
          value={title}
          error={form.error('title')}
          onChange={(event) => {
            setTitle(event.target.value);
            form.clear('title');
          }}
          className="min-w-0 flex-1"
        />
        <Submit pending={form.pending} waiting={form.wait !== null} className="h-12 max-sm:w-full">
          {tc.create}
        </Submit>
      </div>
    </form>
  );
}
