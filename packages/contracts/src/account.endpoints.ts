import { defineEndpoint } from './endpoint';
import {
  deviceParams,
  devicesResponse,
  okResponse,
  passwordChangeRequest,
  passwordChangeResponse,
  profileUpdateRequest,
  userResponse,
} from './identity';

/** Settings of the signed-in user: every one of them needs the session. */
const shared = { tags: ['account'], auth: 'required' } as const;

/** Settings: profile, devices and password of the signed-in user. */
export const accountEndpoints = {
  updateProfile: defineEndpoint({
    ...shared,
    method: 'PATCH',
    path: '/api/user',
    summary: 'Update the profile: name, e-mail, avatar',
    body: profileUpdateRequest,
    response: userResponse,
  }),
  devices: defineEndpoint({
    ...shared,
    method: 'GET',
    path: '/account/api/devices',
    summary: 'Signed-in devices',
    response: devicesResponse,
  }),
  revokeDevice: defineEndpoint({
    ...shared,
    method: 'DELETE',
    path: '/account/api/devices/:id',
    summary: 'Sign a device out',
    params: deviceParams,
    response: okResponse,
  }),
  changePassword: defineEndpoint({
    ...shared,
    method: 'POST',
    path: '/account/api/password',
    summary: 'Change the password; signs out every other device',
    body: passwordChangeRequest,
    response: passwordChangeResponse,
  }),
};
