/** The users table: a user's name opens their read-only profile; adding and editing happen on the spec's pages. */
import { GenericList } from '../generic/lazy-pages';

export const UserList = () => (
  <GenericList
    nameColumns={['first_name', 'last_name']}
    showPath={(id) => `/user/${id}`}
    createPath="/user/add"
    editPath={(id) => `/user/edit/${id}`}
  />
);
