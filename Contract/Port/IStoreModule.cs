namespace EventCommitLab.Contract.Port;

/// <summary>
/// A store as a host starts it: its name, its options and how they set its settings, what it reads from the
/// environment, why it cannot run here, how it starts, how its durability is named, and how another process opens one
/// of its logs. A store's project holds its module; the host joins it by one catalog line.
/// </summary>
/// <remarks>Settings travel as objects of <see cref="SettingsType"/>; <see cref="StoreModule{TSettings}"/> types them.</remarks>
public interface IStoreModule
{
    string Name { get; }

    /// <summary>The type <see cref="StartAsync"/> returns: the ports a suite needs are read from it.</summary>
    Type Provider { get; }

    Type SettingsType { get; }

    IReadOnlyList<StoreOption> Options { get; }

    /// <summary>The settings when nothing was given.</summary>
    object Defaults();

    /// <summary>The settings the environment gives; the options given on the command line are applied over them.</summary>
    object FromEnvironment();

    /// <summary>The settings with <paramref name="option"/> given <paramref name="values"/> (one value unless the option takes <see cref="StoreOption.Many"/>).</summary>
    object Apply(object settings, StoreOption option, IReadOnlyList<string> values);

    /// <summary>Why the store cannot run here with these settings; null when it can.</summary>
    string? UnavailableBecause(object settings);

    /// <param name="log">Where the store says what it does while starting (a private server's start and stop).</param>
    Task<IEventStoreProvider> StartAsync(object settings, Action<string> log, CancellationToken cancellationToken);

    /// <summary>The durability the settings give, by its name, when no option named the run's durabilities.</summary>
    string Durability(object settings);

    /// <summary>The run's durabilities as the run's header names them.</summary>
    string DescribeDurabilities(IReadOnlyList<string> durabilities);

    /// <summary>Opens an existing log from its address in another process; null when the store cannot.</summary>
    Func<string, IEventLog>? OpenAt { get; }

    /// <summary>What each strategy's commit sends to this store (<see cref="CommitShape"/>); null where the store states none.</summary>
    StoreCommitShapes? CommitShapes { get; }
}
