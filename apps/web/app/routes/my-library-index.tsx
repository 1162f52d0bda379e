import { redirect } from 'react-router';

/** `/my-library` opens on every title. */
export function loader() {
  throw redirect('/my-library/books');
}

export default function MyLibraryIndex() {
  return null;
}
