#!/usr/bin/env bash
# Installs (when missing) and starts the local MariaDB server the profiler's MySQL tests use, loads
# Chinook as database `Chinook` (from the repository's gzipped copy of the upstream MySQL dump) when
# it is absent, and makes the user `guided` (password `guided`) allowed only SELECT on it and on the
# tests' scratch databases (`guided_test_%`), and the user `guided_writer` (password `guided_writer`)
# that the tests make those databases with (and prove that the connector's read-only transaction
# refuses writes a user's grants allow). Idempotent: safe to run again on a running server.
# Run as root. Afterwards:
#   export GUIDED_TEST_MYSQL_URL=mysql://guided:guided@127.0.0.1:3306/Chinook
set -euo pipefail
cd "$(dirname "$0")/.."

dump="packages/profiler/src/test-support/chinook/Chinook_MySql.sql.gz"

if ! command -v mysqld_safe >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq mariadb-server >/dev/null
fi

# Debian's service does not start in a sandbox without an init (policy-rc.d): start it directly.
if ! mariadb-admin ping --silent >/dev/null 2>&1; then
  mkdir -p /run/mysqld && chown mysql:mysql /run/mysqld
  (mysqld_safe --user=mysql --bind-address=127.0.0.1 --port=3306 >/dev/null 2>&1 &)
  for _ in $(seq 1 150); do
    if mariadb-admin ping --silent >/dev/null 2>&1; then break; fi
    sleep 0.2
  done
fi
mariadb-admin ping

# root@localhost logs in through the unix socket.
if [ -z "$(mariadb -uroot -N -e "SHOW DATABASES LIKE 'Chinook'")" ]; then
  gzip -dc "$dump" | mariadb -uroot
fi
mariadb -uroot <<'SQL'
CREATE USER IF NOT EXISTS 'guided'@'127.0.0.1' IDENTIFIED BY 'guided';
CREATE USER IF NOT EXISTS 'guided'@'localhost' IDENTIFIED BY 'guided';
GRANT SELECT ON `Chinook`.* TO 'guided'@'127.0.0.1';
GRANT SELECT ON `Chinook`.* TO 'guided'@'localhost';
GRANT SELECT ON `guided\_test\_%`.* TO 'guided'@'127.0.0.1';
GRANT SELECT ON `guided\_test\_%`.* TO 'guided'@'localhost';
CREATE USER IF NOT EXISTS 'guided_writer'@'127.0.0.1' IDENTIFIED BY 'guided_writer';
CREATE USER IF NOT EXISTS 'guided_writer'@'localhost' IDENTIFIED BY 'guided_writer';
GRANT ALL ON `guided\_test\_%`.* TO 'guided_writer'@'127.0.0.1';
GRANT ALL ON `guided\_test\_%`.* TO 'guided_writer'@'localhost';
SQL
echo "MariaDB $(mariadb -uroot -N -e 'SELECT VERSION()') ready: GUIDED_TEST_MYSQL_URL=mysql://guided:guided@127.0.0.1:3306/Chinook"
