using System.Diagnostics;
using EventCommitLab.Contract.Port;

namespace EventCommitLab.Stores.Postgres.Server;

/// <summary>
/// PostgreSQL refuses to run as root: a lab running as root starts its server as an unprivileged account through runuser,
/// and says what to do when either is missing.
/// </summary>
internal static class UnprivilegedAccount
{
    /// <summary>The account, once it exists and runuser is there to switch to it.</summary>
    /// <exception cref="StoreSetupException">The account or runuser is missing; the message says what to do.</exception>
    public static async Task<string> RequireAsync(string account, CancellationToken cancellationToken)
    {
        var id = await CommandRunner.RunAsync(new ProcessStartInfo("id", ["-u", account]), TimeSpan.FromSeconds(10), cancellationToken).ConfigureAwait(false);
        if (!id.Succeeded)
        {
            throw new StoreSetupException(
                $"The lab runs as root and PostgreSQL refuses to run as root, so it runs its server as the unprivileged account '{account}', but there is no such account. " +
                $"Create it (useradd --system --no-create-home {account}), name another one with PG_RUN_AS=NAME, run the lab as a non-root user, " +
                "or point it at a running server with --connection or PG_CONNECTION.");
        }

        var runuser = await CommandRunner.RunAsync(new ProcessStartInfo("runuser", ["--help"]), TimeSpan.FromSeconds(10), cancellationToken).ConfigureAwait(false);
        return runuser.Succeeded
            ? account
            : throw new StoreSetupException(
                "The lab runs as root and needs runuser (util-linux) to start PostgreSQL as an unprivileged account, but runuser was not found. " +
                "Install util-linux, run the lab as a non-root user, or point it at a running server with --connection or PG_CONNECTION.");
    }
}
