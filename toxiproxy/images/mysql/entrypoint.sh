#!/bin/bash
# MySQL-compatible entrypoint for the locally built MariaDB image (poolbench/mysql:local).
# Honours what Testcontainers' MySQLContainer and the official mysql image use:
# MYSQL_ROOT_PASSWORD, MYSQL_ALLOW_EMPTY_PASSWORD, MYSQL_DATABASE, MYSQL_USER, MYSQL_PASSWORD.
# Extra mysqld options can be passed as container arguments (e.g. --server-id=2 --log-bin).
set -euo pipefail
DATADIR=/var/lib/mysql
mkdir -p /run/mysqld "$DATADIR"
chown -R mysql:mysql /run/mysqld "$DATADIR"

sql_escape() { printf '%s' "$1" | sed "s/'/''/g"; }

if [ ! -d "$DATADIR/mysql" ]; then
  mariadb-install-db --user=mysql --datadir="$DATADIR" --skip-test-db \
      --auth-root-authentication-method=normal > /dev/null
  ROOT_PW="$(sql_escape "${MYSQL_ROOT_PASSWORD:-}")"
  {
    echo "FLUSH PRIVILEGES;"
    echo "ALTER USER 'root'@'localhost' IDENTIFIED BY '${ROOT_PW}';"
    echo "CREATE USER IF NOT EXISTS 'root'@'%' IDENTIFIED BY '${ROOT_PW}';"
    echo "GRANT ALL ON *.* TO 'root'@'%' WITH GRANT OPTION;"
    if [ -n "${MYSQL_DATABASE:-}" ]; then
      echo "CREATE DATABASE IF NOT EXISTS \`${MYSQL_DATABASE}\`;"
    fi
    if [ -n "${MYSQL_USER:-}" ] && [ "${MYSQL_USER}" != "root" ]; then
      echo "CREATE USER IF NOT EXISTS '$(sql_escape "$MYSQL_USER")'@'%' IDENTIFIED BY '$(sql_escape "${MYSQL_PASSWORD:-}")';"
      if [ -n "${MYSQL_DATABASE:-}" ]; then
        echo "GRANT ALL ON \`${MYSQL_DATABASE}\`.* TO '$(sql_escape "$MYSQL_USER")'@'%';"
      fi
      # replication and read_only handling for the failover drills
      echo "GRANT REPLICATION SLAVE, REPLICATION CLIENT, RELOAD ON *.* TO '$(sql_escape "$MYSQL_USER")'@'%';"
    fi
    echo "FLUSH PRIVILEGES;"
  } | mariadbd --user=mysql --datadir="$DATADIR" --bootstrap --skip-grant-tables=0 > /dev/null
fi

exec mariadbd --user=mysql --datadir="$DATADIR" --bind-address=0.0.0.0 --port=3306 \
    --skip-name-resolve "$@"
