import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/api-error';
import type { FlowKind } from '../api/flows';
import { errorBody, loginFlow } from '../testing/fixtures';
import { FLOW_MESSAGES, flowReaction, type FlowPhase } from './flow-reaction';

const location = '/profile-settings?flow=s1';
const failure = (status: number, body: unknown) => new ApiError(status, 'failed', body);
const react = (error: unknown, kind: FlowKind = 'login', phase: FlowPhase = 'submit') =>
  flowReaction(error, { kind, phase, location });

describe('flowReaction', () => {
  it('session_aal2_required: the given address, with return_to for settings, else login at aal2', () => {
    const given = errorBody('session_aal2_required', 403, {
      redirect_browser_to: 'http://localhost:3000/login?aal=aal2&flow=x',
    });
    expect(react(failure(403, given), 'login')).toEqual({ type: 'redirect', to: 'http://localhost:3000/login?aal=aal2&flow=x' });
    expect(react(failure(403, given), 'settings')).toEqual({
      type: 'redirect',
      to: '/login?aal=aal2&flow=x&return_to=%2Fprofile-settings%3Fflow%3Ds1',
    });
    expect(react(failure(403, errorBody('session_aal2_required', 403)))).toEqual({
      type: 'redirect',
      to: '/login?aal=aal2&return_to=%2Fprofile-settings%3Fflow%3Ds1',
    });
  });

  it('session_aal1_required: sign in first, then back to the page asking for the second factor', () => {
    const body = errorBody('session_aal1_required', 401, { redirect_browser_to: '/login?return_to=%2Fhealth' });
    expect(flowReaction(failure(401, body), { kind: 'login', phase: 'create', location: '/login?aal=aal2&return_to=%2Fhealth' })).toEqual({
      type: 'redirect',
      to: '/login?return_to=%2Flogin%3Faal%3Daal2%26return_to%3D%252Fhealth',
    });
  });

  it('session_already_available: home', () => {
    expect(react(failure(400, errorBody('session_already_available', 400)))).toEqual({ type: 'redirect', to: '/' });
  });

  it('session_refresh_required: the given address, else login with refresh=true', () => {
    expect(
      react(failure(403, errorBody('session_refresh_required', 403, { redirect_browser_to: '/login?refresh=true&flow=r' }))),
    ).toEqual({ type: 'redirect', to: '/login?refresh=true&flow=r' });
    expect(react(failure(403, errorBody('session_refresh_required', 403)))).toEqual({
      type: 'redirect',
      to: '/login?refresh=true&return_to=%2Fprofile-settings%3Fflow%3Ds1',
    });
  });

  it('session_inactive: login with return_to', () => {
    expect(react(failure(401, errorBody('session_inactive', 401)), 'settings', 'create')).toEqual({
      type: 'redirect',
      to: '/login?return_to=%2Fprofile-settings%3Fflow%3Ds1',
    });
  });

  it('return_to forbidden, expired, csrf: a toast and a new flow; identity mismatch: silently', () => {
    expect(react(failure(400, errorBody('self_service_flow_return_to_forbidden', 400)))).toEqual({
      type: 'restart',
      toast: 'The return_to address is not allowed.',
      fresh: true,
    });
    expect(react(failure(410, errorBody('self_service_flow_expired', 410)))).toEqual({
      type: 'restart',
      toast: 'Your interaction expired, please fill out the form again.',
    });
    expect(react(failure(403, errorBody('security_csrf_violation', 403)))).toEqual({
      type: 'restart',
      toast: 'A security violation was detected, please fill out the form again.',
    });
    expect(react(failure(400, errorBody('security_identity_mismatch', 400)))).toEqual({ type: 'restart' });
    expect(FLOW_MESSAGES.expired).toBe('Your interaction expired, please fill out the form again.');
  });

  it('browser_location_change_required: the given address', () => {
    expect(
      react(failure(422, errorBody('browser_location_change_required', 422, { redirect_browser_to: '/profile-settings?flow=n' }))),
    ).toEqual({ type: 'redirect', to: '/profile-settings?flow=n' });
  });

  it('410 without an id: a new flow', () => {
    expect(react(failure(410, { error: { code: 410 } }))).toEqual({ type: 'restart' });
  });

  it('a 400 with a flow: the flow replaces the shown one', () => {
    const flow = loginFlow();
    expect(react(failure(400, flow))).toEqual({ type: 'replace', body: flow });
  });

  it('verification: an unusable link starts afresh, a refused creation goes home', () => {
    expect(react(failure(403, {}), 'verification', 'get')).toEqual({ type: 'restart', fresh: true });
    expect(react(failure(410, {}), 'verification', 'get')).toEqual({ type: 'restart', fresh: true });
    expect(react(failure(400, {}), 'verification', 'create')).toEqual({ type: 'redirect', to: '/' });
  });

  it('rethrows anything else', () => {
    expect(react(failure(500, { error: { code: 500 } }))).toEqual({ type: 'rethrow' });
    expect(react(failure(404, errorBody('not_found', 404)), 'login', 'get')).toEqual({ type: 'rethrow' });
    expect(react(new TypeError('Failed to fetch'))).toEqual({ type: 'rethrow' });
  });
});
