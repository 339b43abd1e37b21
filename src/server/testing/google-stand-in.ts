import { OAuth2Server } from 'oauth2-mock-server'

export type GoogleUser = { sub: string; email: string; name: string }

/**
 * A local OpenID Connect server standing in for Google (ARCHITECTURE.md: tests
 * use a local server that speaks the protocol): it signs ID tokens and answers
 * userinfo with Google-style claims for the user set last.
 */
export async function startGoogleStandIn() {
  const oidc = new OAuth2Server()
  await oidc.issuer.keys.generate('RS256')
  await oidc.start(0, 'localhost')
  let googleUser: GoogleUser = { sub: 'google-user-1', email: 'google.user@example.com', name: 'Grace Google' }
  oidc.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, {
      sub: googleUser.sub,
      email: googleUser.email,
      email_verified: true,
      name: googleUser.name,
    })
  })
  oidc.service.on('beforeUserinfo', (response) => {
    response.body = { sub: googleUser.sub, email: googleUser.email, email_verified: true, name: googleUser.name }
  })
  return {
    /** The configuration that points the app's Google sign-in at this server. */
    env: {
      GOOGLE_CLIENT_ID: 'prestige-test',
      GOOGLE_CLIENT_SECRET: 'prestige-test-secret',
      GOOGLE_DISCOVERY_URL: `${oidc.issuer.url}/.well-known/openid-configuration`,
    },
    setUser(user: GoogleUser) {
      googleUser = user
    },
    stop: () => oidc.stop(),
  }
}
