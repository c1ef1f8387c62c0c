using System.Diagnostics;
using System.Globalization;
using System.Net;
using System.Net.Sockets;
using System.Text;
using EventCommitLab.Contract.Port;
using Npgsql;

namespace EventCommitLab.Stores.Postgres.Server;

/// <summary>
/// A PostgreSQL server of the lab's own: initdb into a fresh folder under the temp root, started on a free loopback
/// port with its socket in that folder, stopped and removed on dispose. A detached watchdog does the same if the
/// owning process dies without disposing (a crash, a kill), and the next start removes anything a watchdog missed.
/// </summary>
public sealed class PrivatePostgresServer : IPostgresServer
{
    public const string SuperUser = "lab";

    private static readonly TimeSpan ProgramTimeout = TimeSpan.FromSeconds(120);
    private const int MaxSocketPath = 107;
    private static readonly TimeSpan StartTimeout = TimeSpan.FromSeconds(60);

    private readonly CommandRunner _runner;
    private readonly Action<string>? _log;
    private Process? _postmaster;
    private Process? _watchdog;
    private int _disposed;

    private PrivatePostgresServer(string binDirectory, string instanceFolder, CommandRunner runner, PrivatePostgresOptions options)
    {
        BinDirectory = binDirectory;
        InstanceFolder = instanceFolder;
        Settings = options.Settings;
        _runner = runner;
        _log = options.Log;
    }

    public string BinDirectory { get; }

    /// <summary>The instance's folder: data, socket and server log. Gone once the server is disposed.</summary>
    public string InstanceFolder { get; }

    public string DataFolder => Path.Combine(InstanceFolder, "data");

    public string LogFile => Path.Combine(InstanceFolder, "server.log");

    public int Port { get; private set; }

    public IReadOnlyDictionary<string, string> Settings { get; }

    /// <summary>The postmaster's process id while it runs.</summary>
    public int? ProcessId => StaleInstanceReaper.PostmasterPid(InstanceFolder);

    public string AdminConnectionString => $"Host=127.0.0.1;Port={Port.ToString(CultureInfo.InvariantCulture)};Username={SuperUser};Database=postgres";

    public string Origin => $"private PostgreSQL started by the lab ({BinDirectory}, 127.0.0.1:{Port.ToString(CultureInfo.InvariantCulture)}{(_runner.RunAsUser is null ? "" : $", run as {_runner.RunAsUser}")})";

    /// <exception cref="StoreSetupException">No binaries, no unprivileged account when root, or the server would not start.</exception>
    public static async Task<PrivatePostgresServer> StartAsync(PrivatePostgresOptions options, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(options);
        var binDirectory = PostgresBinaryLocator.Locate(options.BinDirectory, options.SearchPlaces ?? PostgresBinaryLocator.UsualPlaces());
        var runAs = Environment.IsPrivilegedProcess ? await UnprivilegedAccount.RequireAsync(options.RunAsUser, cancellationToken).ConfigureAwait(false) : null;

        Directory.CreateDirectory(options.TempRoot);
        await StaleInstanceReaper.ReapAsync(options.TempRoot, options.Log).ConfigureAwait(false);
        var folder = Path.Combine(options.TempRoot, $"{StaleInstanceReaper.InstancePrefix}{options.OwnerProcessId}-{Guid.NewGuid().ToString("N")[..8]}");
        Directory.CreateDirectory(folder);

        var server = new PrivatePostgresServer(binDirectory, folder, new CommandRunner(runAs), options);
        try
        {
            server._watchdog = ServerWatchdog.Start(options.OwnerProcessId, server.InstanceFolder, options.Log);
            await server.InitialiseAsync(cancellationToken).ConfigureAwait(false);
            await server.StartServerAsync(cancellationToken).ConfigureAwait(false);
            return server;
        }
        catch
        {
            await server.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    public async ValueTask DisposeAsync()
    {
        if (Interlocked.Exchange(ref _disposed, 1) == 1)
        {
            return;
        }

        await StopPostmasterAsync().ConfigureAwait(false);
        StaleInstanceReaper.TryDelete(InstanceFolder);
        RemoveTempRootIfEmpty();
        if (_watchdog is { } watchdog)
        {
            // The folder is gone, so the watchdog would end by itself within a second; ending it now saves the wait.
            watchdog.Kill();
            await UnixProcesses.ReapAsync(watchdog).ConfigureAwait(false);
        }

        _log?.Invoke($"private PostgreSQL stopped and {InstanceFolder} removed");
    }

    private void RemoveTempRootIfEmpty()
    {
        try
        {
            // Not recursive: a concurrent run's instance, or anything else a user keeps there, makes this fail harmlessly.
            Directory.Delete(Path.GetDirectoryName(InstanceFolder)!, recursive: false);
        }
        catch (IOException)
        {
        }
    }

    private async Task InitialiseAsync(CancellationToken cancellationToken)
    {
        if (_runner.RunAsUser is { } account)
        {
            await Require(CommandRunner.RunAsync(new ProcessStartInfo("chown", [$"{account}:", InstanceFolder]), ProgramTimeout, cancellationToken), "chown").ConfigureAwait(false);
        }

        _log?.Invoke($"initdb into {DataFolder}");

        // --no-sync only skips initdb's own final flush of a throw-away cluster; the server's durability is set below.
        await Require(
            _runner.RunAsync(Program("initdb"), ["-D", DataFolder, "-U", SuperUser, "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"], ProgramTimeout, cancellationToken),
            "initdb").ConfigureAwait(false);

        var conf = new StringBuilder().AppendLine().AppendLine("# Written by the event-commit lab; its tables report these settings.");
        conf.AppendLine("listen_addresses = '127.0.0.1'");

        // The lab connects over TCP; the socket is a convenience for psql, and a socket path over the kernel's limit
        // would stop the server from starting, so a deep temp root simply goes without one.
        var socketFolder = Encoding.UTF8.GetByteCount(InstanceFolder) + "/.s.PGSQL.65535".Length < MaxSocketPath ? InstanceFolder : "";
        conf.AppendLine(CultureInfo.InvariantCulture, $"unix_socket_directories = '{socketFolder}'");
        foreach (var (name, value) in Settings)
        {
            conf.AppendLine(CultureInfo.InvariantCulture, $"{name} = '{value.Replace("'", "''", StringComparison.Ordinal)}'");
        }

        await File.AppendAllTextAsync(Path.Combine(DataFolder, "postgresql.conf"), conf.ToString(), cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// Kills the postmaster with SIGKILL, as a crash of the machine's database would, then starts it again on the same
    /// data folder and port; returns once it answers, crash recovery done. For the faults suite.
    /// </summary>
    public async Task CrashAndRestartAsync(CancellationToken cancellationToken)
    {
        var pid = ProcessId ?? throw new InvalidOperationException("The private PostgreSQL is not running.");
        UnixProcesses.Signal(pid, UnixProcesses.SigKill);
        if (_postmaster is { } wrapper)
        {
            await UnixProcesses.ReapAsync(wrapper).ConfigureAwait(false);
            _postmaster = null;
        }

        // Its server processes end once they notice; until then they hold the shared memory and a new postmaster
        // refuses to start, so starting is tried again for a while.
        var until = DateTime.UtcNow + StartTimeout;
        while (DateTime.UtcNow < until)
        {
            _postmaster = _runner.StartInBackground(Program("postgres"), ["-D", DataFolder, "-p", Port.ToString(CultureInfo.InvariantCulture)], LogFile);
            if (await WaitUntilAnswersAsync(_postmaster, cancellationToken).ConfigureAwait(false))
            {
                _log?.Invoke($"private PostgreSQL restarted after SIGKILL on 127.0.0.1:{Port}");
                return;
            }

            await UnixProcesses.ReapAsync(_postmaster).ConfigureAwait(false);
            _postmaster = null;
            await Task.Delay(200, cancellationToken).ConfigureAwait(false);
        }

        throw new StoreSetupException($"The private PostgreSQL did not come back after SIGKILL.{Environment.NewLine}{ServerLogTail()}");
    }

    private async Task StartServerAsync(CancellationToken cancellationToken)
    {
        // The free port is found by binding to port 0 and letting go; another program may take it in between, so a
        // start that fails is tried again on a new port.
        for (var attempt = 1; attempt <= 3; attempt++)
        {
            Port = FreeLoopbackPort();
            _postmaster = _runner.StartInBackground(Program("postgres"), ["-D", DataFolder, "-p", Port.ToString(CultureInfo.InvariantCulture)], LogFile);
            if (await WaitUntilAnswersAsync(_postmaster, cancellationToken).ConfigureAwait(false))
            {
                _log?.Invoke($"private PostgreSQL answers on 127.0.0.1:{Port}");
                return;
            }

            await StopPostmasterAsync().ConfigureAwait(false);
        }

        throw new StoreSetupException($"The private PostgreSQL did not start.{Environment.NewLine}{ServerLogTail()}");
    }

    private async Task<bool> WaitUntilAnswersAsync(Process postmaster, CancellationToken cancellationToken)
    {
        var connectionString = new NpgsqlConnectionStringBuilder(AdminConnectionString) { Pooling = false, Timeout = 2 }.ConnectionString;
        var until = DateTime.UtcNow + StartTimeout;
        while (DateTime.UtcNow < until && !postmaster.HasExited)
        {
            try
            {
                await using var connection = new NpgsqlConnection(connectionString);
                await connection.OpenAsync(cancellationToken).ConfigureAwait(false);
                return true;
            }
            catch (NpgsqlException)
            {
                await Task.Delay(100, cancellationToken).ConfigureAwait(false);
            }
        }

        return false;
    }

    private async Task StopPostmasterAsync()
    {
        if (_postmaster is not { } postmaster)
        {
            return;
        }

        // The process we hold may be runuser's wrapper, not the postmaster: the wrapper can be gone while the server
        // lives on. So the server is stopped by the pid in its own postmaster.pid, and checked gone, whatever the wrapper did.
        var pid = ProcessId;
        if (!postmaster.HasExited || (pid is { } running && UnixProcesses.IsAlive(running)))
        {
            var stop = await _runner.RunAsync(Program("pg_ctl"), ["stop", "-D", DataFolder, "-m", "fast", "-w", "-t", "30"], TimeSpan.FromSeconds(40), CancellationToken.None).ConfigureAwait(false);
            if (!stop.Succeeded && pid is { } stubborn)
            {
                await UnixProcesses.StopAsync(stubborn, TimeSpan.FromSeconds(5)).ConfigureAwait(false);
            }
        }

        await UnixProcesses.ReapAsync(postmaster).ConfigureAwait(false);
        _postmaster = null;
        if (pid is { } last && UnixProcesses.IsAlive(last))
        {
            await UnixProcesses.StopAsync(last, TimeSpan.FromSeconds(5)).ConfigureAwait(false);
        }

        if (pid is { } survivor && UnixProcesses.IsAlive(survivor))
        {
            throw new InvalidOperationException($"The private PostgreSQL (pid {survivor}) outlived SIGINT and SIGKILL; stop it by hand.");
        }
    }

    private string ServerLogTail()
    {
        try
        {
            return "server log (last lines):" + Environment.NewLine + string.Join(Environment.NewLine, File.ReadLines(LogFile).TakeLast(15));
        }
        catch (IOException)
        {
            return "no server log was written";
        }
    }

    private string Program(string name) => Path.Combine(BinDirectory, name);

    private static async Task Require(Task<CommandResult> run, string what)
    {
        var result = await run.ConfigureAwait(false);
        if (!result.Succeeded)
        {
            throw new StoreSetupException(
                $"{what} failed (exit code {result.ExitCode}) while starting the private PostgreSQL: {result.Output}. " +
                "If the temp root is not reachable by the server's account, name another with PG_TEMP_ROOT=DIR; or point the lab at a running server with PG_CONNECTION.");
        }
    }

    private static int FreeLoopbackPort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }
}
