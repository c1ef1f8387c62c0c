using EventCommitLab.Harness.Cli;

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

return await LabHost.RunAsync(args, Console.Out, Console.Error, cancellation.Token);
