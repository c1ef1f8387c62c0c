using EventCommitLab.Harness.Runs;

namespace EventCommitLab.Tests.Harness.Runs;

public sealed class ConsoleCopyTests : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("commit-lab-console-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Fact]
    public void what_is_printed_reaches_the_console_and_the_folder_alike()
    {
        var console = new StringWriter();
        var copy = new ConsoleCopy(console);

        copy.WriteLine("Plan: 2 cells");
        copy.Write('[');
        copy.Write(['1', '/', '2'], 0, 3);
        copy.WriteLine("] done");
        copy.SaveTo(_folder);

        var printed = $"Plan: 2 cells{Environment.NewLine}[1/2] done{Environment.NewLine}";
        Assert.Equal((printed, printed), (console.ToString(), File.ReadAllText(Path.Combine(_folder, ConsoleCopy.FileName))));
    }
}
