/**
 * The yardstick of `npm run bench:bundle`: react-admin as its tutorial starts, with the console's
 * three resources shown by the guessers over ra-data-simple-rest, and nothing of ours.
 */
import { createRoot } from 'react-dom/client';
import { Admin, EditGuesser, ListGuesser, Resource } from 'react-admin';
import simpleRestProvider from 'ra-data-simple-rest';

const dataProvider = simpleRestProvider('http://localhost:8081');

createRoot(document.getElementById('root')!).render(
  <Admin dataProvider={dataProvider} disableTelemetry>
    <Resource name="user" list={ListGuesser} edit={EditGuesser} />
    <Resource name="role" list={ListGuesser} edit={EditGuesser} />
    <Resource name="designation" list={ListGuesser} edit={EditGuesser} />
  </Admin>,
);
