using EventCommitLab.Harness;
using EventCommitLab.Stores.Postgres;
using EventCommitLab.Strategies.Port;

using var cancellation = new CancellationTokenSource();
Console.CancelKeyPress += (_, e) =>
{
    // Stop gracefully so that the private server is stopped and its folder removed; a second Ctrl+C kills.
    e.Cancel = !cancellation.IsCancellationRequested;
    cancellation.Cancel();
};
using var terminate = System.Runtime.InteropServices.PosixSignalRegistration.Create(
    System.Runtime.InteropServices.PosixSignal.SIGTERM, context =>
    {
        context.Cancel = true;
        cancellation.Cancel();
    });

HarnessOptions options;
try
{
    options = HarnessOptions.Parse(args, PostgresStoreConfiguration.FromEnvironment());
}
catch (ArgumentException e)
{
    Console.Error.WriteLine($"error: {e.Message}");
    return 2;
}

if (options.ShowHelp)
{
    Console.WriteLine(HarnessOptions.Usage);
    return 0;
}

try
{
    await using var provider = await PostgresStoreProvider.StartAsync(options.Postgres, line => Console.Error.WriteLine($"[postgres] {line}"), cancellation.Token);
    Console.WriteLine($"Store: {provider.Description}");
    var failed = 0;
    foreach (var registration in options.Strategies)
    {
        try
        {
            var report = await CommitSmokeRun.RunAsync(provider, registration, cancellation.Token);
            failed += report.Passed ? 0 : 1;
            Console.WriteLine($"{registration.Name,-26} {report}");
        }
        catch (Exception e) when (e is not OperationCanceledException)
        {
            failed++;
            Console.WriteLine($"{registration.Name,-26} FAILED: {e.Message}");
        }
    }

    Console.WriteLine(failed == 0 ? "Every strategy committed and the verifier found the log clean." : $"{failed} strateg{(failed == 1 ? "y" : "ies")} failed.");
    return failed == 0 ? 0 : 1;
}
catch (StoreSetupException e)
{
    Console.Error.WriteLine($"error: {e.Message}");
    return 2;
}
catch (OperationCanceledException) when (cancellation.IsCancellationRequested)
{
    Console.Error.WriteLine("cancelled; the private server has been stopped and removed.");
    return 130;
}
