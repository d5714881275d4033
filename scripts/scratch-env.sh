# Sourced by the CI deployment scripts: prints the lines of a scratch paydesk.env for a database URL — the URL, a new
# SECRETS_KEY and the account key of a throwaway wallet as DEPOSIT_XPUB (so deposit addresses exist) — one place for
# what ci-container.sh and ci-nginx.sh both need.
scratch_env() { # database URL
  echo "DATABASE_URL=$1"
  echo "SECRETS_KEY=$(openssl rand -base64 32)"
  echo "DEPOSIT_XPUB=$(node -e "
    const { HDKey } = require('@scure/bip32');
    console.log(HDKey.fromMasterSeed(require('node:crypto').randomBytes(32)).derive(\"m/44'/195'/0'\").publicExtendedKey);
  ")"
}
